import ComposableTestSupport
import Testing

/// `TestStore(initialState: .init()) { Parent() } withDependencies: { … }`, as TCA's
/// `PresentationReducerTests.testCancelInFlightEffects` writes it: the state's type comes from
/// the reducer, even for a parent whose state has a `@PresentationState` child.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreInferenceTests {
  struct Child: Reducer {
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case response(Int)
      case tap
    }
    @Dependency(\.continuousClock) var clock
    struct CancelID: Hashable {}
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .response(let value):
          state.count = value
          return .none
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(42))
          }
          .cancellable(id: CancelID(), cancelInFlight: true)
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State?
      var count = 0
    }
    @CasePathable
    enum Action: Equatable {
      case child(PresentationAction<Child.Action>)
      case presentChild
      case response(Int)
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .presentChild:
          state.child = Child.State()
          return .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.response(42))
          }
          .cancellable(id: Child.CancelID())
        case .response(let value):
          state.count = value
          return .none
        }
      }
      .ifLet(\.$child, action: \.child) {
        Child()
      }
    }
  }

  @Test func theStateIsInferredFromTheReducerAndInFlightEffectsAreCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild) {
      $0.child = Child.State()
    }
    await store.send(.child(.presented(.tap)))
    await clock.advance(by: .milliseconds(500))
    await store.send(.child(.presented(.tap)))
    await clock.advance(by: .milliseconds(1_000))
    await store.receive(.child(.presented(.response(42)))) {
      $0.child?.count = 42
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.response(42)) {
      $0.count = 42
    }
  }
}
