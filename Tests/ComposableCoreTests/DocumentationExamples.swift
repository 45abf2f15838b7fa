import ComposableCore
import Testing

/// The feature the core's documentation opens with (`ComposableCore.docc`), run by a store as
/// written there.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DocumentationExamples {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable { var count = 0 }
    enum Action { case decrementButtonTapped, decrementDelayResponse, incrementButtonTapped }
    @Dependency(\.continuousClock) var clock
    private enum CancelID { case delay }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .decrementButtonTapped:
          state.count -= 1
          return state.count >= 0 ? .none : .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.decrementDelayResponse)
          }
          .cancellable(id: CancelID.delay)
        case .decrementDelayResponse:
          if state.count < 0 { state.count += 1 }
          return .none
        case .incrementButtonTapped:
          state.count += 1
          return state.count >= 0 ? .cancel(id: CancelID.delay) : .none
        }
      }
    }
  }

  @Test func aStoreRunsTheFeature() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)
    #expect(store.count == 1)
  }

  @Test func theWorkASendStartedCanBeAwaited() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.decrementButtonTapped).finish()
    #expect(store.count == 0)
  }

  @Test func aReadUnderObservationIsToldOfTheChange() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.count
    } onChange: {
      changed.setValue(true)
    }
    store.send(.incrementButtonTapped)
    #expect(changed.value)
  }
}
