import ComposableTestSupport
import Persistence
import Testing

/// The test store asserts `@Shared` mutations like any other state change.
@MainActor
struct SharedStateTests {
  @Test func aStoreReaderIsToldOfASharedChangeMadeOutsideTheStore() {
    let count = Shared(value: 0)
    let store = Store(initialState: SharedCounter.State(count: count)) { SharedCounter() }
    let fired = LockIsolated(0)
    withObservationTracking { _ = store.count } onChange: { fired.withValue { $0 += 1 } }
    count.withLock { $0 += 1 }
    #expect(fired.value == 1)
    #expect(store.count == 1)
  }

  @Test func anAssertedSharedMutationPasses() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
  }

  @Test func anUnassertedSharedMutationFailsWithADiff() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("State was not expected to change, but a change occurred")
        && text.contains("−   _count: 0")
        && text.contains("+   _count: 1")
    }
  }

  @Test func aSharedWriteOfTheSameValueMayBeAsserted() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.reset) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func aClosureThatChangesNothingFailsWhenNothingSharedWasWritten() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await withKnownIssue {
      await store.send(.incrementLater) {
        $0.$count.withLock { $0 = 0 }
      }
    } matching: { String(describing: $0).contains("Expected state to change, but no change occurred") }
    await store.receive(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test func aWrongSharedAssertionFails() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await withKnownIssue {
      await store.send(.increment) {
        $0.$count.withLock { $0 = 2 }
      }
    } matching: { String(describing: $0).contains("A state change does not match expectation") }
    #expect(store.state.count == 1)
  }

  @Test func nonExhaustiveAcceptsUnassertedSharedMutations() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) {
      $0.$count.withLock { $0 = 2 }
    }
  }

  @Test func sharedMutationsFromReceivedActionsAreAsserted() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.incrementLater)
    await store.receive(\.increment) {
      $0.$count.withLock { $0 = 1 }
    }
  }
}

/// A counter whose count is shared state, written the modern way.
@Reducer
struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared var count: Int
  }
  enum Action: Equatable { case increment, incrementLater, reset }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { send in await send(.increment) }
      case .reset:
        state.$count.withLock { $0 = 0 }
        return .none
      }
    }
  }
}
