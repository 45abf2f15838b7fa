import Foundation
@testable import Sessions
import Testing

/// A file's writer sleeps on a timer of its own (`write-delay`). When that timer and an effect's
/// end at almost the same moment, the recording may have either first and the replay the other:
/// the writer's sleep decides only when the file is written, so the replay takes the event that
/// followed it and gives the sleep's answer when the writer asks.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ReplayCursorWriteDelayTests {
  func cursor(_ events: [SessionEvent]) -> ReplayCursor {
    ReplayCursor(SessionFile(header: SessionHeader(feature: "ledger", isInteractive: false), events: events + [.exit(status: 0)]))
  }

  @Test func anActionMayComeBeforeTheWritersSleepRecordedFirst() async throws {
    let cursor = cursor([
      .answer(dependency: "write-delay", call: 1, value: "0.999"),
      .action("Ledger.Action.settle", from: .effect),
    ])
    #expect(cursor.take(action: "Ledger.Action.settle") == (true, .effect))
    #expect(cursor.divergence == nil)
    #expect(try await cursor.answer(of: "write-delay") == "0.999")
    #expect(cursor.current?.event == .exit(status: 0))
  }

  @Test func anIdMayComeBeforeTheWritersSleepRecordedFirst() {
    let cursor = cursor([
      .answer(dependency: "write-delay", call: 1, value: "0.999"),
      .answer(dependency: "uuid", call: 1, value: "00000000-0000-0000-0000-000000000000"),
    ])
    #expect(cursor.answerNow(of: "uuid") == "00000000-0000-0000-0000-000000000000")
    #expect(cursor.divergence == nil)
  }

  /// Only the writer's sleeps move: an effect's own sleep recorded first still comes first.
  @Test func anyOtherAnswerRecordedFirstIsStillADivergence() {
    let cursor = cursor([
      .answer(dependency: "sleep", call: 1, value: "1.000"),
      .action("Ledger.Action.settle", from: .effect),
    ])
    #expect(cursor.take(action: "Ledger.Action.settle") == (false, .effect))
  }

  /// A different action after the writer's sleep is no match: nothing is skipped.
  @Test func aDifferentActionIsStillADivergence() {
    let cursor = cursor([
      .answer(dependency: "write-delay", call: 1, value: "0.999"),
      .action("Ledger.Action.settle", from: .effect),
    ])
    #expect(cursor.take(action: "Ledger.Action.add(1)") == (false, .effect))
    #expect(cursor.current?.event == .answer(dependency: "write-delay", call: 1, value: "0.999"))
  }
}
