import ComposableTestSupport
import Testing

/// A test store's timeout is the effects' time, not the time of the work queued ahead of them:
/// an effect ready to finish when the timeout ends gets its turn before the test store reports
/// it as still running. (On a busy machine a ready effect can wait behind other work for longer
/// than a timeout; Porting from TCA lists this among the deliberate differences.)
///
/// Each effect here runs on the main actor, so the job that finishes it is queued where the test
/// store waits, ahead of the wait's end, and a timeout of zero ends before it can run.
@MainActor
struct TestStoreTimeoutTests {
  enum Action: Equatable { case start, done }

  /// A store whose `start` runs an effect that waits for `gate` to end, then sends `done`.
  static func store(gate: AsyncStream<Void>) -> TestStore<Int, Action> {
    TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .start:
          return .run { @MainActor send in
            for await _ in gate {}
            send(.done)
          }
        case .done:
          state += 1
          return .none
        }
      }
    }
  }

  @Test func aTaskReadyToFinishWhenItsTimeoutEndsFinishes() async {
    let (gate, opening) = AsyncStream.makeStream(of: Void.self)
    let store = Self.store(gate: gate)
    let task = await store.send(.start)
    opening.finish()
    await task.finish(timeout: .zero)
    #expect(!task.isCancelled)
    await store.receive(.done) { $0 = 1 }
  }

  @Test func effectsReadyToFinishWhenTheStoresTimeoutEndsFinish() async {
    let (gate, opening) = AsyncStream.makeStream(of: Void.self)
    let store = Self.store(gate: gate)
    await store.send(.start)
    opening.finish()
    await store.finish(timeout: .zero)
    await store.receive(.done) { $0 = 1 }
  }

  @Test func aTaskThatIsNotReadyIsStillReportedAtTheEndOfItsTimeout() async {
    let (gate, opening) = AsyncStream.makeStream(of: Void.self)
    let store = Self.store(gate: gate)
    let task = await store.send(.start)
    await withKnownIssue {
      await task.finish(timeout: .zero)
    } matching: { $0.message.hasPrefix("Expected task to finish, but it is still in-flight after 0.0 seconds.") }
    opening.finish()
    await task.finish()
    await store.receive(.done) { $0 = 1 }
  }
}
