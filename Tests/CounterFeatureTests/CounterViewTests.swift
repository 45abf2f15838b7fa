import InlineSnapshotTesting
import ComposableTestSupport
import CounterFeature
import Persistence
import TerminalUI
import TerminalSnapshots
import Testing

struct CounterViewTests {
  let view = CounterView()
  let state = Counter.State(count: Shared(value: 3), step: SharedReader(value: 1))

  func outcome(_ line: String) throws(ArgumentError) -> CommandOutcome<Counter.Action>? {
    try view.parse(line, state: state).commandOutcome()
  }

  @Test func commandsInHelpOrder() {
    #expect(view.commands.map(\.usage) == ["inc, +", "dec, -", "reset"])
  }

  @Test func incIncrements() throws {
    #expect(try outcome("inc") == .send(.incrementButtonTapped))
    #expect(try outcome("+") == .send(.incrementButtonTapped))
  }

  @Test func decDecrements() throws {
    #expect(try outcome("dec") == .send(.decrementButtonTapped))
    #expect(try outcome("-") == .send(.decrementButtonTapped))
  }

  @Test func resetResets() throws {
    #expect(try outcome("reset") == .send(.resetButtonTapped))
  }

  @Test func commandsTakeNoArguments() {
    #expect(throws: ArgumentError("inc takes no arguments, got \"2\"")) { try outcome("inc 2") }
    #expect(throws: ArgumentError("inc takes no arguments, got \"5\"")) { try outcome("+ 5") }
    #expect(throws: ArgumentError("dec takes no arguments, got \"by 3\"")) { try outcome("dec by 3") }
    #expect(throws: ArgumentError("reset takes no arguments, got \"now\"")) { try outcome("reset now") }
  }

  @Test func otherWordsAreNotTheCountersCommands() throws {
    #expect(try outcome("fact") == nil)
    #expect(try outcome("increment") == nil)
    #expect(try outcome("") == nil)
  }

  @Test func rendersTheCount() {
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      count: 3
      """
    }
  }

  @Test func rendersANegativeCount() {
    let state = Counter.State(count: Shared(value: -2), step: SharedReader(value: 1))
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      count: -2
      """
    }
  }

  @Test func rendersTheLabelInBoldWhenStyled() {
    #expect(view.render(state, style: .ansi) == ["\u{1B}[1mcount:\u{1B}[0m 3"])
  }

  @Test func renderingFollowsTheSharedCount() {
    let count = Shared(value: 0)
    let state = Counter.State(count: count, step: SharedReader(value: 1))
    count.withLock { $0 = 12 }
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      count: 12
      """
    }
  }
}
