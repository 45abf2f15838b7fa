import ComposableTestSupport
import Testing

/// `onChange(of:)`, after the Composable Architecture's `OnChangeReducerTests`: a reducer run on
/// a change, its effects, and a rule for what counts as a change.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct OnChangeReducerTests {
  @Reducer
  struct Exclaimer {
    struct State: Equatable {
      var count = 0
      var description = ""
    }
    enum Action: Equatable { case decrementButtonTapped, incrementButtonTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.count += action == .incrementButtonTapped ? 1 : -1
        return .none
      }
      .onChange(of: \.count) { _, newValue in
        Reduce { state, _ in
          state.description = String(repeating: "!", count: newValue)
          return newValue > 1 ? .send(.decrementButtonTapped) : .none
        }
      }
    }
  }

  @Test func aChangeRunsTheReducerAndItsEffects() async {
    let store = TestStore(initialState: Exclaimer.State()) { Exclaimer() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
  }

  @Reducer
  struct Counters {
    @Reducer
    struct Child {
      struct State: Equatable, Identifiable {
        let id: Int
        var counter = 0
      }
      enum Action: Equatable { case incrementButtonTapped }
      var body: some ReducerOf<Self> {
        Reduce { state, _ in
          state.counter += 1
          return .none
        }
      }
    }
    struct State: Equatable {
      var children: IdentifiedArrayOf<Child.State>
      var idChanges = 0
    }
    enum Action: Equatable {
      case addChild(Child.State)
      case children(IdentifiedActionOf<Child>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .addChild(let child) = action { state.children.append(child) }
        return .none
      }
      .forEach(\.children, action: \.children) { Child() }
      .onChange(of: \.children, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
        Reduce { state, _ in
          state.idChanges += 1
          return .none
        }
      }
    }
  }

  @Test func onlyWhatTheRuleCallsAChangeRunsTheReducer() async {
    let store = TestStore(initialState: Counters.State(children: [.init(id: 0)])) { Counters() }
    await store.send(\.children[id: 0].incrementButtonTapped) {
      $0.children[id: 0]?.counter = 1
    }
    await store.send(.addChild(.init(id: 1))) {
      $0.children.append(.init(id: 1))
      $0.idChanges = 1
    }
    await store.send(\.children[id: 1].incrementButtonTapped) {
      $0.children[id: 1]?.counter = 1
    }
  }
}
