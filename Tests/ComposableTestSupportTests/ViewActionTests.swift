import ComposableTestSupport
import Testing

/// Actions split into what a view sends (`case view(View)`) and what effects send: the
/// `ViewAction` protocol, bindings through the view case, and a store holder that sends only
/// the view's actions.
@MainActor
struct ViewActionTests {
  @Reducer
  struct Lookup {
    @ObservableState
    struct State: Equatable {
      var query = ""
      var matches: [String] = []
    }

    enum Action: ViewAction {
      case matchesLoaded([String])
      case view(View)

      @CasePathable
      enum View: BindableAction {
        case binding(BindingAction<State>)
        case lookUpButtonTapped
      }
    }

    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        switch action {
        case .matchesLoaded(let matches):
          state.matches = matches
          return .none
        case .view(.binding):
          return .none
        case .view(.lookUpButtonTapped):
          let query = state.query
          return .send(.matchesLoaded(["\(query)-1", "\(query)-2"]))
        }
      }
    }
  }

  /// A screen holding the store, as a view does.
  struct LookupScreen: ViewActionSending {
    let store: StoreOf<Lookup>
  }

  @Test func viewActionsByCaseKeyPath() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    await store.send(\.view.binding.query, "owl") { $0.query = "owl" }
    await store.send(\.view.lookUpButtonTapped)
    await store.receive(\.matchesLoaded) { $0.matches = ["owl-1", "owl-2"] }
  }

  @Test func viewActionsByCase() async {
    var state = Lookup.State()
    state.query = "elk"
    let store = TestStore(initialState: state) { Lookup() }
    await store.send(.view(.lookUpButtonTapped))
    await store.receive(\.matchesLoaded) { $0.matches = ["elk-1", "elk-2"] }
  }

  @Test func aHolderSendsTheViewsActions() async {
    var state = Lookup.State()
    state.query = "yak"
    let screen = LookupScreen(store: Store(initialState: state) { Lookup() })
    await screen.send(.lookUpButtonTapped).finish()
    #expect(screen.store.matches == ["yak-1", "yak-2"])
  }
}
