import ComposableCore
import ComposableTestSupport
import Foundation
import Sessions
import TerminalUI
import Testing

/// Stepping through a replayed session: moving stays within the steps, and the view says where
/// it is and shows the display, the state and the change there.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SessionStepperTests {
  static let steps = [
    SessionStep(
      number: 0, line: nil, lineNumber: nil, action: nil, origin: nil, change: nil,
      state: "Ledger.State(total: 0)", display: ["total: 0"]
    ),
    SessionStep(
      number: 1, line: "add 2", lineNumber: 1, action: "Ledger.Action.add(2)", origin: .line,
      change: "- total: 0\n+ total: 2", state: "Ledger.State(total: 2)", display: ["total: 2"]
    ),
    SessionStep(
      number: 2, line: "settle", lineNumber: 2, action: "Ledger.Action.settle", origin: .line,
      change: nil, state: "Ledger.State(total: 2)", display: ["total: 2"]
    ),
    SessionStep(
      number: 3, line: "settle", lineNumber: 2, action: "Ledger.Action.settled(\n  UUID(00000000-0000-0000-0000-000000000000)\n)",
      origin: .effect, change: "- settled: 0\n+ settled: 1", state: "Ledger.State(\n  total: 2,\n  settled: 1\n)",
      display: ["total: 2", "settled: 1"]
    ),
  ]

  func state(at position: Int) -> SessionStepper.State {
    var state = SessionStepper.State(steps: Self.steps, summary: "replayed 2 lines, 3 actions: identical")
    state.position = position
    return state
  }

  func run(_ line: String, at position: Int) throws(ArgumentError) -> CommandOutcome<SessionStepper.Action> {
    let view = SessionStepperView()
    let words = line.split(separator: " ").map(String.init)
    let command = view.commands.first { $0.matches(words[0]) }!
    return try view.interpret(Invocation(command: command, arguments: Array(words.dropFirst())), state: state(at: position))
  }

  func error(_ line: String, at position: Int) -> String? {
    do {
      _ = try run(line, at: position)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func movingStaysWithinTheSteps() async {
    let store = TestStore(initialState: state(at: 0)) { SessionStepper() }
    await store.send(.next(1)) { $0.position = 1 }
    await store.send(.next(10)) { $0.position = 3 }
    await store.send(.next(1))
    await store.send(.previous(2)) { $0.position = 1 }
    await store.send(.previous(5)) { $0.position = 0 }
    await store.send(.goTo(2)) { $0.position = 2 }
    await store.send(.goTo(99)) { $0.position = 3 }
    await store.send(.goTo(-1)) { $0.position = 0 }
  }

  @Test func movingCommandsTakeCountsWithinTheSteps() throws {
    #expect(try run("next", at: 0) == .send(.next(1)))
    #expect(try run("next 2", at: 0) == .send(.next(2)))
    #expect(try run("previous", at: 2) == .send(.previous(1)))
    #expect(try run("prev 2", at: 2) == .send(.previous(2)))
    #expect(try run("goto 3", at: 0) == .send(.goTo(3)))
    #expect(error("next 0", at: 0) == #"count must be a whole number from 1 to 3, got "0""#)
    #expect(error("goto 4", at: 0) == #"step must be a whole number from 0 to 3, got "4""#)
    #expect(error("state x", at: 0) != nil)
  }

  @Test func theHeadingSaysWhereTheStepperIsAndTheDisplayIsShownAsItWas() {
    let view = SessionStepperView()
    #expect(view.render(state(at: 0), style: .plain) == ["step 0 of 3 · the start", "  total: 0"])
    #expect(view.render(state(at: 1), style: .plain) == [#"step 1 of 3 · line 1 "add 2" · Ledger.Action.add(2) from the line"#, "  total: 2"])
    #expect(view.render(state(at: 3), style: .plain) == [
      #"step 3 of 3 · line 2 "settle" · Ledger.Action.settled(UUID(00000000-0000-0000-0000-000000000000)) from an effect"#,
      "  total: 2",
      "  settled: 1",
    ])
  }

  @Test func actionsStateAndDiffPrintWhatIsThere() throws {
    #expect(try run("actions", at: 2) == .print([
      "replayed 2 lines, 3 actions: identical",
      "  1. Ledger.Action.add(2) (line)",
      "> 2. Ledger.Action.settle (line)",
      "  3. Ledger.Action.settled(UUID(00000000-0000-0000-0000-000000000000)) (effect)",
    ]))
    #expect(try run("state", at: 3) == .print(["Ledger.State(", "  total: 2,", "  settled: 1", ")"]))
    #expect(try run("diff", at: 0) == .print(["(the start: no action yet)"]))
    #expect(try run("diff", at: 1) == .print(["- total: 0", "+ total: 2"]))
    #expect(try run("diff", at: 2) == .print(["(No state changes)"]))
  }

  @Test func displayPrintsTheAppsWholeDisplayAtTheStep() throws {
    #expect(try run("display", at: 0) == .print(["total: 0"]))
    #expect(try run("display", at: 3) == .print(["total: 2", "settled: 1"]))
    #expect(error("display 2", at: 0) != nil)
  }

  @Test func aReplayKeepsEveryStepWithItsChangeAndDisplay() async throws {
    let (result, _, steps) = try await Ledger.replay(
      [
        #"{"line":"add 2"}"#,
        #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
        #"{"output":"total: 2\n"}"#,
        #"{"line":"bump"}"#,
        #"{"action":"Ledger.Action.bump","from":"line"}"#,
        #"{"action":"Ledger.Action.add(1)","from":"effect"}"#,
        #"{"output":"total: 4\n"}"#,
        #"{"exit":0}"#,
      ],
      keepsSteps: true
    )
    #expect(result.verdict == .identical)
    #expect(steps.map(\.number) == [0, 1, 2, 3])
    #expect(steps.map(\.actionSummary) == ["(start)", "Ledger.Action.add(2)", "Ledger.Action.bump", "Ledger.Action.add(1)"])
    #expect(steps.map(\.origin) == [nil, .line, .line, .effect])
    #expect(steps.map(\.line) == [nil, "add 2", "bump", "bump"])
    #expect(steps.map(\.display) == [
      ["total: 0", "settled: 0", "fact: none"],
      ["total: 2", "settled: 0", "fact: none"],
      ["total: 3", "settled: 0", "fact: none"],
      ["total: 4", "settled: 0", "fact: none"],
    ])
    #expect(steps[1].change == """
        Ledger.State(
      -   total: 0,
      +   total: 2,
          settled: [],
          fact: "none"
        )
      """)
  }
}
