import ComposableTestSupport
import Testing

/// TCA 1.25's streamlined `onChange(of:_:)`: the closure gets the old value and the state to
/// change, and returns the effect to run; it runs only when the reducer it is attached to
/// changed the value.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StreamlinedOnChangeTests {
  @Reducer
  struct Exclaimer {
    struct State: Equatable {
      var count = 0
      var description = ""
      var changes: [String] = []
    }
    enum Action: Equatable { case decrementButtonTapped, incrementButtonTapped, noop, changed(Int) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped: state.count += 1
        case .decrementButtonTapped: state.count -= 1
        case .noop, .changed: break
        }
        return .none
      }
      .onChange(of: \.count) { oldValue, state in
        state.description = String(repeating: "!", count: state.count)
        state.changes.append("\(oldValue) → \(state.count)")
        return state.count > 1 ? .send(.changed(state.count)) : .none
      }
    }
  }

  @Test func aChangeHandsOverTheOldValueAndTheStateAndRunsTheEffect() async {
    let store = TestStore(initialState: Exclaimer.State()) { Exclaimer() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
      $0.changes = ["0 → 1"]
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.description = "!!"
      $0.changes = ["0 → 1", "1 → 2"]
    }
    await store.receive(.changed(2))
    await store.send(.noop)
    await store.send(.decrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
      $0.changes = ["0 → 1", "1 → 2", "2 → 1"]
    }
  }
}
