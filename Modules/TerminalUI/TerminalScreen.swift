/// A screen pushed over a view, as a navigation stack pushes a screen over its root: the top
/// element of a feature's `StackState`, with the view that shows it.
///
/// While a view has a screen, the terminal shows that screen instead of the view, under a
/// breadcrumb, and understands the screen's commands and `back`, which sends ``back``:
///
/// ```
/// todos › todo 2
///   [ ] Buy milk
///   notes: none — add some with note <text>
/// ```
///
/// A view returns its screen from ``TerminalView/screen(for:)``, scoped from the stack its
/// reducer runs (``stack(_:state:action:root:title:screen:)``):
///
/// ```swift
/// .stack(state, state: \.path, action: \.path, root: "todos", title: { label(of: $0.id, in: state) }) {
///   TodoEditorView()
/// }
/// ```
public struct TerminalScreen<Action> {
  /// Where the screen is: the root's name, then one entry per screen down to this one.
  public var breadcrumb: [String]
  /// The screen's commands, in the order help lists them.
  public let commands: [Command]
  /// The action `back` sends: the one that pops this screen.
  public var back: Action { backAction() }
  // NB: Held in a closure, not as an `Action`: a screen, and a frame holding one, then have the
  //     same layout for every action, and code generic over the action copies them without
  //     looking up their type's metadata.
  private let backAction: () -> Action
  private let renderLines: (TextStyle) -> [String]
  private let interpretInvocation: (Invocation) throws(ArgumentError) -> CommandOutcome<Action>
  private let currentQuestion: () -> TerminalQuestion<Action>?
  private let argumentCompletions: (Invocation) -> [String]

  /// The screen `view` shows for `state`, its actions embedded in the parent's by `embed`.
  public init<View: TerminalView>(
    _ view: View,
    state: View.State,
    breadcrumb: [String],
    back: Action,
    embed: @escaping (View.Action) -> Action
  ) {
    self.breadcrumb = breadcrumb
    self.commands = view.commands
    self.backAction = { back }
    self.renderLines = { style in view.render(state, style: style) }
    self.interpretInvocation = { invocation throws(ArgumentError) in
      try view.interpret(invocation, state: state).map(embed)
    }
    self.currentQuestion = { view.question(for: state)?.map(embed) }
    self.argumentCompletions = { view.completions(for: $0, state: state) }
  }

  private init(
    breadcrumb: [String],
    commands: [Command],
    back: Action,
    render: @escaping (TextStyle) -> [String],
    interpret: @escaping (Invocation) throws(ArgumentError) -> CommandOutcome<Action>,
    question: @escaping () -> TerminalQuestion<Action>?,
    completions: @escaping (Invocation) -> [String]
  ) {
    self.breadcrumb = breadcrumb
    self.commands = commands
    self.backAction = { back }
    self.renderLines = render
    self.interpretInvocation = interpret
    self.currentQuestion = question
    self.argumentCompletions = completions
  }

  /// The command that pops a screen.
  public static var backCommand: Command {
    BuiltInCommand.back
  }

  /// The breadcrumb as one line: `todos › todo 2`.
  public var title: String {
    breadcrumb.joined(separator: " › ")
  }

  /// The breadcrumb, in bold, then the view's lines.
  public func render(style: TextStyle) -> [String] {
    [style.bold(title)] + renderLines(style)
  }

  /// What `invocation` of one of ``commands`` does.
  public func interpret(_ invocation: Invocation) throws(ArgumentError) -> CommandOutcome<Action> {
    try interpretInvocation(invocation)
  }

  /// The values the argument being typed can take, for Tab completion: the screen's view's
  /// ``TerminalView/completions(for:state:)``.
  public func completions(for invocation: Invocation) -> [String] {
    argumentCompletions(invocation)
  }

  /// The question the screen asks, if any.
  public var question: TerminalQuestion<Action>? {
    currentQuestion()
  }

  /// Matches tokenized words against ``commands``: `nil` when there are none or the first is
  /// not one of the screen's commands.
  public func invocation(of words: [String]) -> Invocation? {
    guard let first = words.first, let command = commands.first(where: { $0.matches(first) })
    else { return nil }
    return Invocation(command: command, arguments: Array(words.dropFirst()))
  }

  /// The same screen with its lines in `style` and its question worked out now, once: a frame
  /// reads everything it will show while its reads are noted, so a change to the screen's state
  /// (its alert, its todo) makes the frame stale.
  func evaluated(style: TextStyle) -> Self {
    let lines = renderLines(style)
    let question = currentQuestion()
    return Self(
      breadcrumb: breadcrumb,
      commands: commands,
      back: back,
      render: { _ in lines },
      interpret: interpretInvocation,
      question: { question },
      completions: argumentCompletions
    )
  }

  /// The same screen sending other actions, e.g. a child's screen in its parent's domain.
  public func map<T>(_ transform: @escaping (Action) -> T) -> TerminalScreen<T> {
    TerminalScreen<T>(
      breadcrumb: breadcrumb,
      commands: commands,
      back: transform(back),
      render: renderLines,
      interpret: { [interpretInvocation] invocation throws(ArgumentError) in
        try interpretInvocation(invocation).map(transform)
      },
      question: { [currentQuestion] in currentQuestion()?.map(transform) },
      completions: argumentCompletions
    )
  }
}
