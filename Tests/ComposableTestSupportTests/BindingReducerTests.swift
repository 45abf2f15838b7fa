import ComposableTestSupport
import CustomDump
import Testing

/// The Composable Architecture's `BindingReducerTests` and the binding test of its
/// `TestStoreTests`, ported to observable state (TCA's `@BindingState` and view-store bindings
/// are SwiftUI's older surface): equality, pattern matching on the field a binding action sets,
/// case paths through it, and a test store receiving one.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct BindingReducerTests {
  @Reducer
  struct BindingTest {
    @ObservableState
    struct State: Equatable {
      var nested = Nested()

      struct Nested: Equatable {
        var field = ""
      }
    }

    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(.set(\.nested, State.Nested(field: "special"))):
          state.nested.field += "*"
          return .none
        case .binding(\.nested):
          state.nested.field += "!"
          return .none
        case .binding:
          return .none
        }
      }
    }
  }

  @ObservableState
  struct Count {
    var count = 0
  }

  @Test func equality() {
    #expect(BindingAction<Count>.set(\.count, 1) == BindingAction<Count>.set(\.count, 1))
    #expect(BindingAction<Count>.set(\.count, 1) != BindingAction<Count>.set(\.count, 2))
  }

  @Test func bindingActionUpdatesRespectsPatternMatching() async {
    let store = TestStore(initialState: BindingTest.State()) { BindingTest() }

    await store.send(.binding(.set(\.nested, BindingTest.State.Nested(field: "special")))) {
      $0.nested = BindingTest.State.Nested(field: "special*")
    }
    await store.send(.binding(.set(\.nested, BindingTest.State.Nested(field: "Hello")))) {
      $0.nested = BindingTest.State.Nested(field: "Hello!")
    }
  }

  @CasePathable
  enum CounterAction: Equatable {
    case binding(BindingAction<Count>)
  }

  @Test func matching() {
    let action = CounterAction.binding(.set(\.count, 42))
    #expect(action[case: \.binding.count] == 42)
    #expect(CounterAction.allCasePaths.binding.count.embed(7) == .binding(.set(\.count, 7)))
  }

  @Test func aStoreAppliesBindingActions() {
    let store = Store(initialState: BindingTest.State()) { BindingTest() }
    store.send(.set(\.nested, BindingTest.State.Nested(field: "Hello")))
    #expect(store.nested.field == "Hello!")
  }

  @Reducer
  struct SameNameForStateAndAction {
    @ObservableState
    struct State: Equatable { var isOn = false }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case onAppear
      case isOn(Bool)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { _, action in
        switch action {
        case .binding:
          return .none
        case .onAppear:
          return .send(.isOn(true))
        case .isOn:
          return .send(.set(\.isOn, true))
        }
      }
    }
  }

  @Test func bindingTestStoreWhenStateAndActionHaveSameName() async {
    let store = TestStore(initialState: SameNameForStateAndAction.State()) {
      SameNameForStateAndAction()
    }
    await store.send(.onAppear)
    await store.receive(\.isOn)
    await store.receive(\.binding.isOn) {
      $0.isOn = true
    }
  }

  @Test func aBindingActionDumpsAsTheFieldItSets() {
    // NB: TCA's reads `.set(\State.count, 1)`; on Linux a key path to a computed property (an
    //     observable state's fields are) describes itself by address, not by name.
    let dump = String(customDumping: BindingAction<Count>.set(\.count, 1))
    #expect(dump.hasPrefix(#".set(\Count."#))
    #expect(dump.hasSuffix(", 1)"))
  }
}
