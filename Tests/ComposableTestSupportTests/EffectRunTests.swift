import ComposableTestSupport
import Testing

/// `Effect.run`, after the Composable Architecture's `EffectRunTests`: actions sent back, errors
/// caught or reported, errors after cancellation ignored, and a `send` escaped past the end of
/// its effect.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EffectRunTests {
  enum Action: Equatable { case tapped, response, responseA, responseB }
  enum CancelID { case response }
  struct Failure: Error {}

  @Test func sendsItsActionBack() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        action == .tapped ? .run { send in await send(.response) } : .none
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func aThrownErrorGoesToTheCatchHandler() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .run { _ in
          throw Failure()
        } catch: { _, send in
          await send(.response)
        }
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  @Test func anUnhandledErrorIsReportedWithWhereTheEffectCameFrom() async {
    let line = LockIsolated<UInt>(0)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        line.setValue(#line + 1)
        return .run { _ in throw Failure() }
      }
    }
    await withKnownIssue {
      await store.send(.tapped).finish(timeout: .seconds(5))
    } matching: { issue in
      issue.message.hasSuffix(
        """
        An "Effect.run" returned from "\(#fileID):\(line.value)" threw an unhandled error.

            EffectRunTests.Failure()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
      )
    }
  }

  @Test func anErrorThrownAfterCancellationIsNotReported() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tapped:
          return .run { send in
            await send(.responseA)
            // NB: Waits for the cancellation, then fails as code interrupted by it may.
            try? await Task.never()
            throw Failure()
          }
          .cancellable(id: CancelID.response)
        case .responseA:
          return .cancel(id: CancelID.response)
        default:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
    await store.receive(.responseA)
  }

  @Test func anErrorThrownAfterCancellationSkipsTheCatchHandler() async {
    let handled = LockIsolated(false)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tapped:
          return .run { send in
            await send(.responseA)
            try? await Task.never()
            throw Failure()
          } catch: { _, _ in
            handled.setValue(true)
          }
          .cancellable(id: CancelID.response)
        case .responseA:
          return .cancel(id: CancelID.response)
        default:
          return .none
        }
      }
    }
    await store.send(.tapped).finish()
    await store.receive(.responseA)
    #expect(!handled.value)
  }
}
