import ComposableTestSupport
import Testing

/// A test store made as `TestStore(initialState: .init()) { Feature() } withDependencies: { … }`
/// takes its state's type from the reducer, even for a feature whose state presents a child
/// with `@PresentationState` — the shape TCA's presentation tests are written in.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestStoreInferenceTests {
  struct Kettle: Reducer {
    struct State: Equatable {
      var degrees = 20
    }
    enum Action: Equatable {
      case boilButtonTapped
      case reached(Int)
    }
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .boilButtonTapped:
          return .run { send in
            try await clock.sleep(for: .seconds(3))
            await send(.reached(100))
          }
        case .reached(let degrees):
          state.degrees = degrees
          return .none
        }
      }
    }
  }

  struct Kitchen: Reducer {
    struct State: Equatable {
      @PresentationState var kettle: Kettle.State?
      var opened = 0
    }
    @CasePathable
    enum Action: Equatable {
      case kettle(PresentationAction<Kettle.Action>)
      case openKettle
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .kettle:
          return .none
        case .openKettle:
          state.opened += 1
          state.kettle = Kettle.State()
          return .none
        }
      }
      .ifLet(\.$kettle, action: \.kettle) {
        Kettle()
      }
    }
  }

  @Test func theStateTypeComesFromTheReducer() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init()) {
      Kitchen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.openKettle) {
      $0.opened = 1
      $0.kettle = Kettle.State()
    }
    await store.send(.kettle(.presented(.boilButtonTapped)))
    await clock.advance(by: .seconds(3))
    await store.receive(.kettle(.presented(.reached(100)))) {
      $0.kettle?.degrees = 100
    }
    await store.send(.kettle(.dismiss)) {
      $0.kettle = nil
    }
  }
}
