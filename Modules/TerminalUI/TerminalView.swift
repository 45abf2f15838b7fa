/// A feature's view in the terminal, the counterpart of a SwiftUI view: it turns command lines
/// into actions and state into lines of text. Every part is a pure function of the feature's
/// state, testable without a terminal or a store.
///
/// A feature's view declares its commands and renders its state:
///
/// ```swift
/// public struct CounterView: TerminalView {
///   public let commands = [
///     Command("inc", aliases: ["+"], summary: "Increase the count by the step"),
///   ]
///   public func interpret(_ invocation: Invocation, state: Counter.State) throws(ArgumentError) -> CommandOutcome<Counter.Action> {
///     try invocation.noArguments()
///     return .send(.incrementButtonTapped)
///   }
///   public func render(_ state: Counter.State, style: TextStyle) -> [String] {
///     ["\(style.bold("count:")) \(state.count)"]
///   }
/// }
/// ```
///
/// A parent's view is made of its children's, as its reducer is, each scoped by the key path and
/// case key path of the reducer's `Scope`:
///
/// ```swift
/// public struct AppView: TerminalView {
///   public var body: some TerminalView<AppFeature.State, AppFeature.Action> {
///     TerminalScope("Counter", state: \.counter, action: \.counter) { CounterView() }
///     TerminalScope("Todos", state: \.todos, action: \.todos) { TodosView() }
///   }
/// }
/// ```
public protocol TerminalView<State, Action> {
  /// The state the view renders.
  associatedtype State
  /// The actions its commands send.
  associatedtype Action
  /// The views this one is made of, for a view that composes others; `Never` for a view that
  /// renders its state itself.
  associatedtype Body = Never

  /// The views this view is made of, in the order they are drawn.
  @TerminalViewBuilder<State, Action>
  var body: Body { get }

  /// The commands the view understands, in the order help lists them.
  var commands: [Command] { get }

  /// The commands grouped as help lists them: one group per feature of a composed view, one
  /// untitled group for a feature's own view.
  var commandGroups: [CommandGroup] { get }

  /// Turns an invocation of one of ``commands`` into an action to send or lines to print.
  func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action>

  /// Renders the feature's lines: a pure function of state.
  func render(_ state: State, style: TextStyle) -> [String]

  /// The question the feature asks, if it shows an alert or a dialog: the next line answers
  /// it instead of being a command. `nil` by default.
  func question(for state: State) -> TerminalQuestion<Action>?

  /// The screen pushed over the view, if its feature has a stack: the terminal shows it
  /// instead of the view, and understands its commands and `back`. `nil` by default.
  func screen(for state: State) -> TerminalScreen<Action>?

  /// The values the argument being typed can take, for Tab completion; the invocation's
  /// arguments are the words typed before it. By default the values the command's declaration
  /// lists (``Command/argumentChoices(at:)``); a view offers more from its state, e.g. the
  /// positions of the todos shown.
  func completions(for invocation: Invocation, state: State) -> [String]

  /// The actions to send when the terminal has room for `rows` rows of a list: at the start of a
  /// typed run and after each resize of the terminal (the counterpart of SwiftUI's
  /// `onGeometryChange`, and of Bubble Tea's window-size message). A list that shows a page as
  /// tall as the terminal keeps the height in its state, so that what the display shows stays a
  /// function of state; piped, nothing is sent and each view shows its own page. None by
  /// default.
  func terminalResized(rows: Int, state: State) -> [Action]

  /// The lines, the pushed screen and the question, together: what a program draws. `cache`
  /// keeps the last frame until something it read changes; a view does not implement this.
  func frame(for state: State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action>

  /// The frame, as ``frame(for:style:cache:)`` makes it, with the state read only when the frame
  /// must be made again (its reads noted with the frame's, so that a state replaced by another
  /// makes the frame stale): what a composed view asks of its children, and a program of its
  /// view. A view does not implement this.
  func _frame(for state: () -> State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action>

  /// The view a program drives: a composed view's ``body``, evaluated once (its children's key
  /// paths and case key paths are made once, not at every frame and command, as a store
  /// prepares its reducer tree once); the view itself otherwise. A view does not implement
  /// this.
  func _prepare() -> any TerminalView<State, Action>
}

extension TerminalView where Body == Never {
  /// A view that renders its state itself has no body.
  public var body: Never {
    fatalError("\(Self.self) renders its state itself and has no body")
  }

  /// The view itself.
  public func _prepare() -> any TerminalView<State, Action> {
    self
  }

  /// One untitled group: the view's commands.
  public var commandGroups: [CommandGroup] {
    [CommandGroup(title: "", commands: commands)]
  }

  /// No question: every line is a command.
  public func question(for state: State) -> TerminalQuestion<Action>? {
    nil
  }

  /// No screen pushed: the view shows its own lines.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    nil
  }

  /// The values the command's declaration lists for the argument being typed.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    invocation.command.argumentChoices(at: invocation.arguments.count)
  }

  /// Nothing: the view's lines do not depend on the terminal's height.
  public func terminalResized(rows: Int, state: State) -> [Action] {
    []
  }

  /// The view's lines, screen and question; the same again until observation says something
  /// they were made from changed (see ``TerminalFrameCache``). A pushed screen's lines and
  /// question are worked out here too, while tracked.
  public func _frame(for state: () -> State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action> {
    cache.frame(reading: state, style: style) { state in
      TerminalFrame(
        lines: render(state, style: style),
        screen: screen(for: state)?.evaluated(style: style),
        question: question(for: state)
      )
    }
  }
}

extension TerminalView where Body: TerminalView, Body.State == State, Body.Action == Action {
  /// The body, evaluated now, prepared in turn.
  public func _prepare() -> any TerminalView<State, Action> {
    body._prepare()
  }

  /// The body's commands.
  public var commands: [Command] { body.commands }

  /// The body's groups of commands.
  public var commandGroups: [CommandGroup] { body.commandGroups }

  /// What the body makes of the invocation.
  public func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action> {
    try body.interpret(invocation, state: state)
  }

  /// The body's lines.
  public func render(_ state: State, style: TextStyle) -> [String] {
    body.render(state, style: style)
  }

  /// The body's question.
  public func question(for state: State) -> TerminalQuestion<Action>? {
    body.question(for: state)
  }

  /// The body's pushed screen.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    body.screen(for: state)
  }

  /// The body's completions.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    body.completions(for: invocation, state: state)
  }

  /// The body's actions for the terminal's new height.
  public func terminalResized(rows: Int, state: State) -> [Action] {
    body.terminalResized(rows: rows, state: state)
  }

  /// The body's frame.
  public func _frame(for state: () -> State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action> {
    body._frame(for: state, style: style, cache: cache)
  }
}

extension TerminalView {
  /// The frame of `state`: kept while nothing it was made from has changed and `state` has the
  /// identity of the state it was made from, else made again.
  public func frame(for state: State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action> {
    cache.noteState(identity: TerminalFrameCache.identity(of: state))
    return _frame(for: { state }, style: style, cache: cache)
  }

  /// Tokenizes `line` and matches its first word against ``commands``.
  ///
  /// - Returns: The invocation, or `nil` when the line is empty or its first word is not one
  ///   of this view's commands.
  /// - Throws: ``ArgumentError`` for a line that does not tokenize (an unclosed quote).
  public func parse(_ line: String) throws(ArgumentError) -> Invocation? {
    invocation(of: try CommandTokenizer.tokenize(line))
  }

  /// Matches already tokenized words against ``commands``: `nil` when there are none or the
  /// first is not one of this view's commands.
  public func invocation(of words: [String]) -> Invocation? {
    guard let first = words.first, let command = commands.first(where: { $0.matches(first) })
    else { return nil }
    return Invocation(command: command, arguments: Array(words.dropFirst()))
  }
}
