import ComposableCore
import Testing

/// Writing a field through a store whose actions are bindable sends the binding action, as
/// TCA's store does for `$store.field`: `store.query = "milk"` is
/// `send(.binding(.set(\.query, "milk")))`, or `.view(.binding(…))` for a view action. One no
/// `BindingReducer` applies is reported, with TCA's message, when the send returns.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreBindingTests {
  @Reducer
  struct Search {
    @ObservableState
    struct State: Equatable {
      var query = ""
      var limit = 10
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .binding(\.query) = action { state.limit = state.query.count }
        return .none
      }
    }
  }

  @Test func writingAFieldSendsItsBindingAction() {
    let store = Store(initialState: Search.State()) { Search() }
    store.query = "milk"
    #expect(store.state == Search.State(query: "milk", limit: 4))
    store.limit = 2
    #expect(store.limit == 2)
  }

  @Test func writingTheStateSendsABindingActionForAllOfIt() {
    let store = Store(initialState: Search.State()) { Search() }
    store.state = Search.State(query: "oat", limit: 1)
    #expect(store.state == Search.State(query: "oat", limit: 1))
  }

  @Test func aBindingActionNoReducerAppliesIsReported() {
    let store = Store<Search.State, Search.Action>(initialState: Search.State()) {}
    withKnownIssue {
      store.limit = 42
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        A binding action sent from a store was not handled.

          Action:
            StoreBindingTests.Search.Action.binding(.set(_, 42))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
    }
    withKnownIssue {
      store.query = "milk"
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(#".binding(.set(_, "milk"))"#)
    }
    #expect(store.state == Search.State())
  }

  @Reducer
  struct Login {
    @ObservableState
    struct State: Equatable {
      var email = ""
    }
    enum Action: ViewAction {
      case view(View)
      @CasePathable
      enum View: BindableAction {
        case binding(BindingAction<State>)
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
    }
  }

  @Test func aViewActionsFieldIsWrittenThroughTheViewCase() {
    let store = Store(initialState: Login.State()) { Login() }
    store.email = "blob@example.com"
    #expect(store.email == "blob@example.com")
    store.state = Login.State(email: "")
    #expect(store.email == "")

    let unhandled = Store<Login.State, Login.Action>(initialState: Login.State()) {}
    withKnownIssue {
      unhandled.email = "blob@example.com"
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        #"StoreBindingTests.Login.Action.View.binding(.set(_, "blob@example.com"))"#
      )
    }
  }

  @Reducer
  struct Sheet {
    @ObservableState
    struct State: Equatable {
      @Presents var search: Search.State?
    }
    enum Action {
      case search(PresentationAction<Search.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.$search, action: \.search) { Search() }
    }
  }

  @Test func aWriteToADismissedChildIsReportedAsSuchAndNotAsUnhandled() throws {
    let store = Store(initialState: Sheet.State(search: Search.State())) { Sheet() }
    let scoped: StoreOf<Search>? = store.scope(\.search, action: \.search.presented)
    let search = try #require(scoped)
    search.query = "milk"
    #expect(store.search?.query == "milk")
    store.send(.search(.dismiss))
    withKnownIssue {
      search.query = "oat"
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains(#"An "ifLet" at"#) && !message.contains("binding action sent")
    }
    #expect(store.search == nil)
  }
}
