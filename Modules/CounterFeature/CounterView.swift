import TerminalUI

/// The counter's terminal view: `inc`, `dec` and `reset` in, `count: 3` out.
///
/// ```
/// > inc
/// count: 1
/// > -
/// count: 0
/// ```
public struct CounterView: TerminalView {
  static let increment = Command("inc", aliases: ["+"], summary: "Add the step to the count")
  static let decrement = Command("dec", aliases: ["-"], summary: "Subtract the step from the count")
  static let reset = Command("reset", summary: "Set the count back to zero")

  /// Creates the view.
  public init() {}

  /// `inc` (`+`), `dec` (`-`) and `reset`, none of which takes arguments.
  public var commands: [Command] { [Self.increment, Self.decrement, Self.reset] }

  /// Turns a command into the counter's action; any argument is an error.
  public func interpret(
    _ invocation: Invocation,
    state: Counter.State
  ) throws(ArgumentError) -> CommandOutcome<Counter.Action> {
    try invocation.noArguments()
    switch invocation.command {
    case Self.increment: return .send(.incrementButtonTapped)
    case Self.decrement: return .send(.decrementButtonTapped)
    case Self.reset: return .send(.resetButtonTapped)
    default: throw ArgumentError("the counter has no command \"\(invocation.command.name)\"")
    }
  }

  /// One line: `count: 3`, the label in bold.
  public func render(_ state: Counter.State, style: TextStyle) -> [String] {
    ["\(style.bold("count:")) \(state.count)"]
  }
}
