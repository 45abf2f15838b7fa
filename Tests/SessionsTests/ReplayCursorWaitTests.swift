import ConcurrencyExtras
import Foundation
@testable import Sessions
import Testing

/// A replay gives up waiting for a recorded answer only when its `gaveUp` says nothing more will
/// ask; otherwise the call is answered when it comes, however late (a file's writer asks for its
/// `write-delay` sleep from a task of its own, after every effect has finished).
@MainActor
struct ReplayCursorWaitTests {
  let session = SessionFile(
    header: SessionHeader(feature: "ledger", isInteractive: false),
    events: [.answer(dependency: "write-delay", call: 1, value: "1.000"), .exit(status: 0)]
  )

  @Test func aCallThatComesAfterTheEffectsFinishedIsStillAnswered() async throws {
    let cursor = ReplayCursor(session)
    let (asked, askedNow) = AsyncStream<Void>.makeStream()
    let given = Task { @MainActor in
      await cursor.giveAnswer(at: 0, within: .seconds(30)) {
        askedNow.yield()
        return false
      }
    }
    for await _ in asked { break }
    let answer = try await cursor.answer(of: "write-delay")
    #expect(answer == "1.000")
    #expect(await given.value)
  }

  @Test func aCallNobodyWillMakeEndsTheWaitWhenGaveUpSaysSo() async {
    let cursor = ReplayCursor(session)
    #expect(await cursor.giveAnswer(at: 0, within: .seconds(30)) { true } == false)
  }

  /// A writer still writing in intervals is certain to ask for its sleep, however long a busy
  /// process keeps it from running: the wait outlasts its timeout.
  @Test func aCallCertainToComeIsWaitedForPastTheTimeout() async throws {
    let cursor = ReplayCursor(session)
    let timeouts = LockIsolated(0)
    let isGiven = await cursor.giveAnswer(at: 0, within: .milliseconds(1), whileCertainToCome: {
      // NB: Asked only once the first wait timed out: the writer a busy process held back.
      let isFirst = timeouts.withValue { count in
        count += 1
        return count == 1
      }
      if isFirst { Task { _ = try await cursor.answer(of: "write-delay") } }
      return true
    })
    #expect(isGiven)
    #expect(timeouts.value >= 1)
  }

  /// The call is made while the replay asks whether one may still come: the task that made it
  /// then waits for its answer, so the question says no, and the call is answered all the same.
  @Test func aCallMadeWhileTheReplayAsksWhetherOneMayComeIsAnswered() async throws {
    let cursor = ReplayCursor(session)
    let call = LockIsolated<Task<String, any Error>?>(nil)
    let isGiven = await cursor.giveAnswer(at: 0, within: .milliseconds(1), whileCertainToCome: {
      // NB: Run at once, up to its wait for the answer: the call is made before this returns.
      call.setValue(Task.immediate { try await cursor.answer(of: "write-delay") })
      return false
    })
    #expect(isGiven)
    // NB: A call left without its answer ends, so that the test fails rather than waits.
    cursor.cancelPendingCalls()
    #expect(try await call.value?.value == "1.000")
  }

  @Test func aCallNoLongerCertainToComeEndsTheWaitAtItsTimeout() async {
    let cursor = ReplayCursor(session)
    #expect(await cursor.giveAnswer(at: 0, within: .milliseconds(1), whileCertainToCome: { false }) == false)
  }
}
