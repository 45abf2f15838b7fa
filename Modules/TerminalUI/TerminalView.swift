/// A feature's view in the terminal, the counterpart of a SwiftUI view: it turns command lines
/// into actions and state into lines of text. Both are pure functions, testable without a
/// terminal.
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
public protocol TerminalView<State, Action> {
  /// The state the view renders.
  associatedtype State
  /// The actions its commands send.
  associatedtype Action

  /// The commands the view understands, in the order help lists them.
  var commands: [Command] { get }

  /// Turns an invocation of one of ``commands`` into an action to send or lines to print.
  func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action>

  /// Renders the feature's screen: a pure function of state.
  func render(_ state: State, style: TextStyle) -> [String]

  /// The question the feature asks, if it shows an alert or a dialog: the next line answers
  /// it instead of being a command. `nil` by default.
  func prompt(for state: State) -> TerminalPrompt<Action>?

  /// The screen pushed over the view, if its feature has a stack: the terminal shows it
  /// instead of the view, and understands its commands and `back`. `nil` by default.
  func screen(for state: State) -> TerminalScreen<Action>?

  /// The values the argument being typed can take, for Tab completion; the invocation's
  /// arguments are the words typed before it. By default the values the command's declaration
  /// lists (``Command/argumentChoices(at:)``); a view offers more from its state, e.g. the
  /// positions of the todos shown.
  func completions(for invocation: Invocation, state: State) -> [String]
}

extension TerminalView {
  /// No question: every line is a command.
  public func prompt(for state: State) -> TerminalPrompt<Action>? {
    nil
  }

  /// No screen pushed: the view is its own screen.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    nil
  }

  /// The values the command's declaration lists for the argument being typed.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    invocation.command.argumentChoices(at: invocation.arguments.count)
  }
}

extension TerminalView {
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
