import Foundation
@testable import Sessions
import Testing

/// A file's writer sleeps on a timer of its own (`write-delay`). When that timer and an effect's
/// end at almost the same moment, the recording may have either first and the replay the other:
/// the writer's sleep decides only when the file is written, so the replay takes the event that
/// followed it and gives the sleep's answer when the writer asks.
@MainActor
@Suite(.timeLimit(.minutes(5)))
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

  /// The writer asked for its sleep, and the walk has yet to give it, when the action recorded
  /// after it comes: the sleep ends with its answer then and there.
  @Test func anActionMayComeBeforeASleepTheWriterAskedForIsGiven() async throws {
    let cursor = cursor([
      .answer(dependency: "write-delay", call: 1, value: "0.998"),
      .action("Ledger.Action.settle", from: .effect),
    ])
    let sleep = Task { try await cursor.answer(of: "write-delay") }
    #expect(await cursor.wait(within: .seconds(30)) { !$0.pending.isEmpty })
    let taken = cursor.take(action: "Ledger.Action.settle")
    #expect(taken == (true, .effect))
    #expect(cursor.divergence == nil)
    // NB: a sleep left without its answer would wait for ever: it is ended, and the test fails.
    if !taken.matches { sleep.cancel() }
    #expect(try await sleep.value == "0.998")
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

  /// Two writers whose intervals started together end them at the same replay instant. The
  /// first sleep's end leaves the second writer's interval running: a writer whose loop is late
  /// still asks for the sleep the recorded run made, rather than find its interval over.
  @Test func aWriterLateToSleepStillAsksWhenAnotherIntervalEndedFirst() async throws {
    let cursor = cursor([
      .answer(dependency: "write-delay", call: 1, value: "0.998"),
      .answer(dependency: "write-delay", call: 2, value: "0.989"),
    ])
    let clock = ReplayClock.writeDelays(cursor: cursor)
    let first = clock.now.advanced(by: .seconds(1))
    let second = clock.now.advanced(by: .seconds(1))
    let firstSleep = Task { try await clock.sleep(until: first, tolerance: nil) }
    #expect(await cursor.giveAnswer(at: 0, within: .seconds(30)))
    try await firstSleep.value
    // NB: what a file's writer checks before it sleeps (ThrottledWriter's `startInterval`).
    #expect(clock.now < second)
    let secondSleep = Task { try await clock.sleep(until: second, tolerance: nil) }
    #expect(await cursor.giveAnswer(at: 1, within: .seconds(30)))
    try await secondSleep.value
    #expect(cursor.current?.event == .exit(status: 0))
  }

  /// The features' clock moves to each sleep's deadline as it ends, as time passes.
  @Test func theFeaturesClockMovesToEachDeadline() async throws {
    let cursor = cursor([.answer(dependency: "sleep", call: 1, value: "1.000")])
    let clock = ReplayClock(cursor: cursor)
    let sleeping = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await cursor.giveAnswer(at: 0, within: .seconds(30)))
    try await sleeping.value
    #expect(clock.now == ReplayClock.Instant(offset: .seconds(1)))
  }
}
