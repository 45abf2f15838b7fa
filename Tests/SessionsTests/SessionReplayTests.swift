import ComposableCore
import Foundation
import Persistence
import Sessions
import Testing

/// Replaying a hand-written session of the ledger: identical when the ledger does what the
/// recording says, else the first divergence, in the recorded order whatever the timing.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SessionReplayTests {
  @Test func aRunThatGoesAsRecordedIsIdentical() async throws {
    let (result, state, _) = try await Ledger.replay([
      #"{"line":"add 2"}"#,
      #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
      #"{"output":"total: 2\n"}"#,
      #"{"line":"settle"}"#,
      #"{"action":"Ledger.Action.settle","from":"line"}"#,
      #"{"answer":"sleep","call":1,"value":"1.000"}"#,
      #"{"answer":"uuid","call":1,"value":"00000000-0000-0000-0000-000000000000"}"#,
      #"{"action":"Ledger.Action.settled(UUID(00000000-0000-0000-0000-000000000000))","from":"effect"}"#,
      #"{"output":"settled: 1\n"}"#,
      #"{"input":"end"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.verdict == .identical)
    #expect(result.status == 0)
    #expect(result.report == ["replayed 2 lines, 3 actions: identical"])
    #expect(state == Ledger.State(total: 2, settled: [UUID(0)], fact: "none"))
  }

  @Test func aChangedReducerDivergesAtItsFirstOtherAction() async throws {
    let events = [
      #"{"line":"bump"}"#,
      #"{"action":"Ledger.Action.bump","from":"line"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"effect"}"#,
      #"{"output":"total: 2\n"}"#,
      #"{"input":"end"}"#,
      #"{"exit":0}"#,
    ]
    #expect(try await Ledger.replay(events).result.verdict == .identical)
    let (result, _, _) = try await Ledger.replay(events, ledger: Ledger(bumpBy: 2))
    #expect(result.status == 1)
    #expect(result.report == [
      "replayed 1 line, 2 actions: diverged",
      #"first divergence at event 3 (line 4 of the file), after line 1 "bump":"#,
      "  expected: Ledger.Action.add(1) (from an effect)",
      "  produced: Ledger.Action.add(2) (from an effect)",
      "  state change the produced action made:",
      "      Ledger.State(",
      "    -   total: 1,",
      "    +   total: 3,",
      "        settled: [],",
      #"        fact: "none""#,
      "      )",
    ])
  }

  @Test func anAnswerComesBackAfterTheLinesTypedWhileItWasAwaited() async throws {
    let (result, state, _) = try await Ledger.replay([
      #"{"line":"ask"}"#,
      #"{"action":"Ledger.Action.ask","from":"line"}"#,
      #"{"line":"add 3"}"#,
      #"{"action":"Ledger.Action.add(3)","from":"line"}"#,
      #"{"output":"total: 3\n"}"#,
      #"{"answer":"fact","call":1,"value":"3 is odd"}"#,
      #"{"action":"Ledger.Action.answered(\"3 is odd\")","from":"effect"}"#,
      #"{"output":"fact: 3 is odd\n"}"#,
      #"{"line":"ask"}"#,
      #"{"action":"Ledger.Action.ask","from":"line"}"#,
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 4\n"}"#,
      #"{"answer":"fact","call":2,"error":"The network is offline."}"#,
      #"{"action":"Ledger.Action.answered(\"failed: The network is offline.\")","from":"effect"}"#,
      #"{"output":"fact: failed: The network is offline.\n"}"#,
      #"{"input":"end"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == ["replayed 4 lines, 6 actions: identical"])
    #expect(state == Ledger.State(total: 4, settled: [], fact: "failed: The network is offline."))
  }

  @Test func anActionThatNeverComesDivergesAtOnceWhenNoEffectRuns() async throws {
    let (result, _, _) = try await Ledger.replay([
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"action":"Ledger.Action.settle","from":"effect"}"#,
      #"{"output":"total: 1\n"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == [
      "replayed 1 line, 1 action: diverged",
      #"first divergence at event 3 (line 4 of the file), after line 1 "add 1":"#,
      "  expected: Ledger.Action.settle (from an effect)",
      "  produced: nothing",
    ])
  }

  @Test func anActionThatNeverComesWhileAnEffectWaitsDivergesAfterThePatience() async throws {
    let (result, _, _) = try await Ledger.replay(
      [
        #"{"line":"settle"}"#,
        #"{"action":"Ledger.Action.settle","from":"line"}"#,
        #"{"action":"Ledger.Action.add(1)","from":"effect"}"#,
        #"{"exit":0}"#,
      ],
      patience: .milliseconds(50)
    )
    #expect(result.report == [
      "replayed 1 line, 1 action: diverged",
      #"first divergence at event 3 (line 4 of the file), after line 1 "settle":"#,
      "  expected: Ledger.Action.add(1) (from an effect)",
      "  produced: nothing",
    ])
  }

  /// An effect task that a busy process keeps from running past the patience asks for its
  /// answer late: the replay waits for it, since the task runs and waits for nothing recorded.
  @Test func aCallAnEffectMakesAfterThePatienceIsStillAnswered() async throws {
    var ledger = Ledger()
    ledger.delayBeforeAsking = .milliseconds(300)
    let (result, state, _) = try await Ledger.replay(
      [
        #"{"line":"ask"}"#,
        #"{"action":"Ledger.Action.ask","from":"line"}"#,
        #"{"answer":"fact","call":1,"value":"3 is odd"}"#,
        #"{"action":"Ledger.Action.answered(\"3 is odd\")","from":"effect"}"#,
        #"{"output":"fact: 3 is odd\n"}"#,
        #"{"input":"end"}"#,
        #"{"exit":0}"#,
      ],
      ledger: ledger,
      patience: .milliseconds(50)
    )
    #expect(result.report == ["replayed 1 line, 2 actions: identical"])
    #expect(state.fact == "3 is odd")
  }

  @Test func otherOutputDivergesNamingTheExpectedAndTheProducedLines() async throws {
    let (result, _, _) = try await Ledger.replay([
      #"{"line":"add 3"}"#,
      #"{"action":"Ledger.Action.add(3)","from":"line"}"#,
      #"{"output":"total: 5\n"}"#,
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 6\n"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == [
      "replayed 1 line, 1 action: diverged",
      #"first divergence at event 3 (line 4 of the file), after line 1 "add 3":"#,
      #"  expected output: "total: 5""#,
      #"  produced output: "total: 3""#,
      "  after the actions since the output last matched:",
      "    Ledger.Action.add(3) (from the line)",
    ])
  }

  @Test func outputTheReplayNeverPrintsDivergesAtTheEventThatPrintedIt() async throws {
    let (result, _, _) = try await Ledger.replay([
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 1\n"}"#,
      #"{"output":"goodbye\n"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == [
      "replayed 1 line, 1 action: diverged",
      #"first divergence at event 4 (line 5 of the file), after line 1 "add 1":"#,
      #"  expected output: "goodbye""#,
      #"  produced output: """#,
    ])
  }

  @Test func aLineNamingACommandTheViewNoLongerHasIsBadInput() async throws {
    let (result, _, _) = try await Ledger.replay([
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 1\n"}"#,
      #"{"line":"frobnicate"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 2\n"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.verdict == .badInput(SessionFileError("ledger.session", .unknownCommand(line: "frobnicate", event: 4))))
    #expect(result.status == 2)
    #expect(result.report == [#"ledger.session: event 4 types "frobnicate", a command this app no longer has"#])
  }

  @Test func aLineThatWasNoCommandWhenRecordedReplaysFine() async throws {
    let (result, _, _) = try await Ledger.replay([
      #"{"line":"frobnicate"}"#,
      #"{"error":"unknown command \"frobnicate\" — type help\n"}"#,
      #"{"line":"add 1"}"#,
      #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
      #"{"output":"total: 1\n"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == ["replayed 2 lines, 1 action: identical"])
  }

  /// A task of its own (an effect, a file's writer) may ask for a recorded answer while a line
  /// is handled: the recording then holds the answer between the line and the line's error.
  @Test func aLineThatWasNoCommandReplaysFineWithAnAnswerRecordedBeforeItsError() async throws {
    let (result, state, _) = try await Ledger.replay([
      #"{"line":"ask"}"#,
      #"{"action":"Ledger.Action.ask","from":"line"}"#,
      #"{"line":"frobnicate"}"#,
      #"{"answer":"fact","call":1,"value":"3 is odd"}"#,
      #"{"error":"unknown command \"frobnicate\" — type help\n"}"#,
      #"{"action":"Ledger.Action.answered(\"3 is odd\")","from":"effect"}"#,
      #"{"output":"fact: 3 is odd\n"}"#,
      #"{"input":"end"}"#,
      #"{"exit":0}"#,
    ])
    #expect(result.report == ["replayed 2 lines, 2 actions: identical"])
    #expect(state.fact == "3 is odd")
  }

  @Test func aCutShortSessionReplaysWhatItHoldsAndSaysWhereItStops() async throws {
    let (result, state, _) = try await Ledger.replay(
      [
        #"{"line":"add 2"}"#,
        #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
        #"{"output":"total: 2\n"}"#,
        #"{"line":"add 1"}"#,
        #"{"action":"Ledger.Action.add(1)","from":"line"}"#,
        #"{"output":"total: 3\n"}"#,
      ],
      torn: #"{"li"#
    )
    #expect(result.report == ["replayed 2 lines, 2 actions: identical; the run was cut short, and its session stops after line 7 of ledger.session"])
    #expect(state.total == 3)
  }

  @Test func aSessionCutShortBeforeWhatItsLastActionDidStillReplays() async throws {
    let (result, state, _) = try await Ledger.replay(
      [
        #"{"line":"add 2"}"#,
        #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
        #"{"output":"total: 2\n"}"#,
        #"{"line":"bump"}"#,
        #"{"action":"Ledger.Action.bump","from":"line"}"#,
      ],
      torn: #"{"action":"Ledger.Act"#
    )
    #expect(result.verdict == .identical)
    #expect(result.report.first?.hasSuffix("the run was cut short, and its session stops after line 6 of ledger.session") == true)
    #expect(state.total == 4)
  }

  @Test func aSessionCutShortRightAfterALineReplaysWhatTheLineDidToo() async throws {
    let (result, state, _) = try await Ledger.replay(
      [
        #"{"line":"add 2"}"#,
        #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
        #"{"output":"total: 2\n"}"#,
        #"{"line":"bump"}"#,
      ],
      torn: #"{"action":"Ledger.Action.bu"#
    )
    #expect(result.report == ["replayed 2 lines, 3 actions: identical; the run was cut short, and its session stops after line 5 of ledger.session"])
    #expect(state.total == 4)
  }
}
