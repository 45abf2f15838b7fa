import TerminalUI

/// The number-fact feature in the terminal: `fact` asks for a fact about the count,
/// `fact stop` cancels the request, `facts` shows the history.
///
/// The view is at most one line, the first that applies:
///
/// ```
/// fact: loading 3 (trivia)…                                  a request is in flight
/// Could not load a number fact: Timed out after 5 seconds.   the last request failed
/// fact: 3 is the number of spatial dimensions we perceive.   the fact, verbatim
/// ```
///
/// Idle, with no fact yet, it shows nothing, so counting does not fill the display with hints.
/// After a failure the reason is asked about instead, until answered:
///
/// ```
/// Could not load a number fact: Timed out after 5 seconds.
/// Try again? [y/N]
/// ```
public struct NumberFactView: TerminalView {
  /// `fact [stop]` and `facts`.
  public let commands = [
    Command("fact", arguments: "[stop]", summary: "Fetch a fact about the count; \"fact stop\" cancels"),
    Command("facts", summary: "Show the facts fetched so far, oldest first"),
  ]

  /// Creates the view.
  public init() {}

  /// Turns `fact` and `fact stop` into actions, and `facts` into the history's lines.
  ///
  /// `fact stop` with no request in flight prints a note instead of sending anything, as a
  /// cancel button is hidden when there is nothing to cancel.
  public func interpret(
    _ invocation: Invocation,
    state: NumberFact.State
  ) throws(ArgumentError) -> CommandOutcome<NumberFact.Action> {
    switch invocation.command.name {
    case "fact":
      switch invocation.arguments {
      case []:
        return .send(.factButtonTapped)
      case ["stop"]:
        return state.isRequestInFlight
          ? .send(.cancelButtonTapped)
          : .print(["No fact request to stop."])
      default:
        throw ArgumentError(
          "fact takes no argument or \"stop\", got \(ArgumentError.quote(invocation.arguments.joined(separator: " ")))"
        )
      }
    default:
      try invocation.noArguments()
      guard !state.history.isEmpty else {
        return .print(["No facts yet: type \"fact\" to fetch one."])
      }
      return .print(
        ["Facts, oldest first:"]
          + state.history.enumerated().map { offset, fact in "  \(offset + 1). \(fact)" }
      )
    }
  }

  /// The offer to retry after a failed request: the reason, then `Try again? [y/N]`.
  public func question(for state: NumberFact.State) -> TerminalQuestion<NumberFact.Action>? {
    .alert(state, state: \.alert, action: \.alert)
  }

  /// The loading line, the error, or the fact verbatim, in that order of precedence; nothing
  /// when idle. While the retry question is asked, its message is the error.
  public func render(_ state: NumberFact.State, style: TextStyle) -> [String] {
    let label = style.bold("fact:")
    if state.isRequestInFlight {
      return ["\(label) \(style.dim("loading \(state.count) (\(state.kind.rawValue))…"))"]
    }
    if let errorMessage = state.errorMessage, state.alert == nil {
      return [style.red(errorMessage)]
    }
    if let fact = state.fact {
      return ["\(label) \(fact)"]
    }
    return []
  }
}
