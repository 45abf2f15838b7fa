@_spi(Internals) import ComposableCore

/// A child feature's view inside its parent's, reached by the key path and case key path the
/// parent's reducer gives `Scope`: the view draws the child's part of the parent's state, and
/// the child's actions reach the parent embedded by the case key path.
///
/// ```swift
/// var body: some TerminalView<AppFeature.State, AppFeature.Action> {
///   TerminalScope("Counter", state: \.counter, action: \.counter) { CounterView() }
/// }
/// ```
public struct TerminalScope<State, Action, Child: TerminalView>: TerminalView {
  /// The title help lists the child's commands under.
  public let title: String
  let toChildState: KeyPath<State, Child.State>
  let toChildAction: CaseKeyPath<Action, Child.Action>
  let child: Child
  /// Embeds a child's action in the parent's: made once, and prepared as a reducer's `Scope`
  /// prepares its case path (a case key path's own embedding makes a case path anew at every
  /// use).
  private let embed: (Child.Action) -> Action
  /// Reads the child's state: made once, through the getter `@ObservableState` wrote for the
  /// member where there is one, resolved as a reducer's `Scope` resolves its key path (the key
  /// path's own projection boxes the parent's state and looks up generic metadata at every
  /// read).
  private let read: (State) -> Child.State

  /// The view `child` makes, of the state at `toChildState`, sending actions embedded by
  /// `toChildAction`; its commands listed in help under `title`.
  public init(
    _ title: String,
    state toChildState: KeyPath<State, Child.State>,
    action toChildAction: CaseKeyPath<Action, Child.Action>,
    child: () -> Child
  ) {
    self.title = title
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
    self.embed = _preparedEmbedding(toChildAction)
    self.read = _preparedRead(toChildState)
  }

  /// The child's commands.
  public var commands: [Command] { child.commands }

  /// The child's commands, under ``title``.
  public var commandGroups: [CommandGroup] {
    [CommandGroup(title: title, commands: child.commands)]
  }

  /// The child's outcome, its action embedded in the parent's.
  public func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action> {
    try child.interpret(invocation, state: read(state)).map(embed)
  }

  /// The child's lines.
  public func render(_ state: State, style: TextStyle) -> [String] {
    child.render(read(state), style: style)
  }

  /// The child's question, its answers embedded in the parent's actions.
  public func question(for state: State) -> TerminalQuestion<Action>? {
    child.question(for: read(state))?.map(embed)
  }

  /// The child's pushed screen, its actions embedded in the parent's.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    child.screen(for: read(state))?.map(embed)
  }

  /// The child's completions.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    child.completions(for: invocation, state: read(state))
  }

  /// The child's actions for the terminal's new height, embedded in the parent's.
  public func terminalResized(rows: Int, state: State) -> [Action] {
    child.terminalResized(rows: rows, state: read(state)).map(embed)
  }

  /// The child's frame, its screen and question embedded in the parent's actions. The child's
  /// frame is kept in `cache` itself: a composed view takes a kept frame's lines from there
  /// without asking the scope, and the child's state is read, through the key path and under the
  /// frame's tracking, only when the frame is made again.
  public func _frame(for state: () -> State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action> {
    let frame = child._frame(for: { read(state()) }, style: style, cache: cache)
    guard frame.screen != nil || frame.question != nil else {
      return TerminalFrame(lines: frame.lines, screen: nil, question: nil)
    }
    let embed = embed
    return TerminalFrame(lines: frame.lines, screen: frame.screen?.map(embed), question: frame.question?.map(embed))
  }
}
