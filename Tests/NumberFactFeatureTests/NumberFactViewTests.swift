import InlineSnapshotTesting
import AppDependencies
import ComposableTestSupport
import NumberFactFeature
import Persistence
import TerminalUI
import TerminalSnapshots
import Testing

struct NumberFactViewTests {
  let view = NumberFactView()

  @Test func factRequestsAFact() throws {
    let action = try #require(try outcome("fact", state: state()).sentAction)
    #expect(action.is(\.factButtonTapped))
  }

  @Test func factStopCancelsTheRequestInFlight() throws {
    let action = try #require(try outcome("fact stop", state: state(isRequestInFlight: true)).sentAction)
    #expect(action.is(\.cancelButtonTapped))
  }

  @Test func factStopWithNothingInFlightSaysSo() throws {
    #expect(try outcome("fact stop", state: state()).printedLines == ["No fact request to stop."])
  }

  @Test func factWithAnyOtherArgumentFails() {
    #expect(throws: ArgumentError("fact takes no argument or \"stop\", got \"bogus\"")) {
      try outcome("fact bogus", state: state())
    }
    #expect(throws: ArgumentError("fact takes no argument or \"stop\", got \"stop now\"")) {
      try outcome("fact stop now", state: state(isRequestInFlight: true))
    }
    #expect(throws: ArgumentError(#"fact takes no argument or "stop", got "\e]0;title\a""#)) {
      try outcome("fact \u{1B}]0;title\u{07}", state: state())
    }
  }

  @Test func factsPrintsTheHistoryOldestFirst() throws {
    let history = ["1 is the loneliest number.", "2 is the only even prime."]
    #expect(
      try outcome("facts", state: state(history: history)).printedLines == [
        "Facts, oldest first:",
        "  1. 1 is the loneliest number.",
        "  2. 2 is the only even prime.",
      ]
    )
  }

  @Test func factsWithNothingFetchedSaysSo() throws {
    #expect(
      try outcome("facts", state: state()).printedLines == ["No facts yet: type \"fact\" to fetch one."]
    )
  }

  @Test func factsTakesNoArguments() {
    #expect(throws: ArgumentError("facts takes no arguments, got \"3\"")) {
      try outcome("facts 3", state: state())
    }
  }

  @Test func help() {
    #expect(
      Help.lines(for: view.commands, style: .plain) == [
        "  fact [stop]  Fetch a fact about the count; \"fact stop\" cancels",
        "  facts        Show the facts fetched so far, oldest first",
      ]
    )
  }

  @Test func rendersNothingWhenIdle() {
    assertInlineSnapshot(of: view, as: .terminal(state(count: 3, kind: .math))) {
      """

      """
    }
  }

  @Test func rendersTheRequestInFlight() {
    assertInlineSnapshot(of: view, as: .terminal(state(count: 3, isRequestInFlight: true))) {
      """
      fact: loading 3 (trivia)…
      """
    }
  }

  @Test func rendersTheFactVerbatim() {
    var state = state(count: 3)
    state.fact = "3 is the number of   spatial dimensions we perceive."
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      fact: 3 is the number of   spatial dimensions we perceive.
      """
    }
  }

  @Test func rendersTheError() {
    var state = state(count: 3)
    state.errorMessage = "Could not load a number fact: Timed out after 5 seconds."
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      Could not load a number fact: Timed out after 5 seconds.
      """
    }
  }

  @Test func aFailureAsksWhetherToTryAgainAndTheAnswerRetries() {
    var state = state(count: 3)
    state.errorMessage = "Could not load a number fact: Timed out after 5 seconds."
    state.alert = .factFailed("Could not load a number fact: Timed out after 5 seconds.")
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      Could not load a number fact: Timed out after 5 seconds.
      Try again? [y/N]
      """
    }
    let question = view.question(for: state)
    #expect(question?.lines(style: .plain) == [
      "Could not load a number fact: Timed out after 5 seconds.",
      "Try again? [y/N]",
    ])
    guard case .alert(.presented(.retryButtonTapped))? = question?.answer("y") else {
      Issue.record("y should retry")
      return
    }
    guard case .alert(.dismiss)? = question?.answer("") else {
      Issue.record("an empty line should cancel")
      return
    }
  }

  @Test func stylesTheErrorRed() {
    var state = state(count: 3)
    state.errorMessage = "Could not load a number fact: Timed out after 5 seconds."
    #expect(view.render(state, style: .ansi) == [TextStyle.ansi.red(state.errorMessage!)])
  }

  private func outcome(
    _ line: String,
    state: NumberFact.State
  ) throws -> CommandOutcome<NumberFact.Action> {
    try #require(try view.parse(line, state: state).commandOutcome())
  }

  private func state(
    count: Int = 3,
    kind: FactKind = .trivia,
    history: [String] = [],
    isRequestInFlight: Bool = false
  ) -> NumberFact.State {
    NumberFact.State(
      count: SharedReader(value: count),
      kind: SharedReader(value: kind),
      history: Shared(value: history),
      isRequestInFlight: isRequestInFlight
    )
  }
}

extension CommandOutcome {
  /// The action a command sends, or `nil` when it prints.
  fileprivate var sentAction: Action? {
    guard case .send(let action) = self else { return nil }
    return action
  }

  /// The lines a command prints, or `nil` when it sends an action.
  fileprivate var printedLines: [String]? {
    guard case .print(let lines) = self else { return nil }
    return lines
  }
}
