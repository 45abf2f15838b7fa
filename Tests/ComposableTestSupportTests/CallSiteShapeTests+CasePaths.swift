import ComposableTestSupport
import Testing

/// The operators TCA took case paths and closures in before case key paths, each called as code
/// written for TCA 1.0 to 1.3 calls it: `/Action.child`, and `store.scope` with closures. They
/// are deprecated, so the features and tests that call them are too.
extension CallSiteShapeTests {
  @Reducer
  struct Tapper {
    struct State: Equatable, Identifiable {
      var id = 0
      var taps = 0
    }
    enum Action: Equatable {
      case tap
    }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.taps += 1
        return .none
      }
    }
  }

  /// A feature with a child of every kind, each embedded by a case path.
  @available(*, deprecated)
  struct CasePathParent: Reducer {
    struct State: Equatable {
      var child = Tapper.State()
      var optional: Tapper.State?
      var rows: IdentifiedArrayOf<Tapper.State> = []
      var path = StackState<Tapper.State>()
      @PresentationState var destination: Tapper.State? = nil
      @PresentationState var alert: AlertState<AlertAction>? = nil
      var dialog: ConfirmationDialogState<AlertAction>?
    }
    enum Action: Equatable {
      case child(Tapper.Action)
      case optional(Tapper.Action)
      case row(id: Int, action: Tapper.Action)
      case path(StackAction<Tapper.State, Tapper.Action>)
      case destination(PresentationAction<Tapper.Action>)
      case alert(PresentationAction<AlertAction>)
      case dialog(AlertAction)
    }
    enum AlertAction: Equatable {
      case ok
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: /Action.child) {
        Tapper()
      }
      Reduce { _, _ in .none }
        .ifLet(\.optional, action: /Action.optional) {
          Tapper()
        }
        .forEach(\.rows, action: /Action.row(id:action:)) {
          Tapper()
        }
        .forEach(\.path, action: /Action.path) {
          Tapper()
        }
        .ifLet(\.$destination, action: /Action.destination) {
          Tapper()
        }
        .ifLet(\.$alert, action: /Action.alert)
        .ifLet(\.dialog, action: /Action.dialog)
    }
  }

  /// A feature whose state is an enum, its case run by `Scope` or by `ifCaseLet`, each named by
  /// case paths.
  @available(*, deprecated)
  struct CasePathSwitch: Reducer {
    enum State: Equatable {
      case tapper(Tapper.State)
      case idle
    }
    enum Action: Equatable {
      case tapper(Tapper.Action)
    }
    let byIfCaseLet: Bool
    var body: some ReducerOf<Self> {
      if byIfCaseLet {
        Reduce { _, _ in .none }
          .ifCaseLet(/State.tapper, action: /Action.tapper) {
            Tapper()
          }
      } else {
        Scope(state: /State.tapper, action: /Action.tapper) {
          Tapper()
        }
      }
    }
  }

  /// A feature whose bindings arrive in its view actions, extracted by a case path.
  @available(*, deprecated)
  struct CasePathBindings: Reducer {
    @ObservableState
    struct State: Equatable {
      var query = ""
    }
    enum Action: Equatable {
      case view(View)
      enum View: BindableAction, Equatable {
        case binding(BindingAction<State>)
      }
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: /Action.view)
    }
  }

  @available(*, deprecated)
  @Test func bindingsExtractedByACasePath() async {
    let store = TestStore(initialState: CasePathBindings.State()) { CasePathBindings() }
    await store.send(.view(.set(\.query, "owl"))) { $0.query = "owl" }
  }

  @available(*, deprecated)
  @Test func reducersEmbeddingChildrenByCasePaths() async {
    let store = TestStore(initialState: CasePathParent.State()) { CasePathParent() }
    await store.send(.child(.tap)) { $0.child.taps = 1 }
    let switched = TestStore(initialState: CasePathSwitch.State.tapper(Tapper.State())) {
      CasePathSwitch(byIfCaseLet: true)
    }
    await switched.send(.tapper(.tap)) { $0 = .tapper(Tapper.State(taps: 1)) }
  }

  @available(*, deprecated)
  @Test func aStoreScopedByClosures() {
    let store = Store(initialState: CasePathParent.State()) { CasePathParent() }
    let child = store.scope(state: { $0.child }, action: { .child($0) })
    child.send(.tap)
    #expect(child.withState(\.taps) == 1)
  }

  @available(*, deprecated)
  @Test func receivingByCasePathAndWithTimeoutsInNanoseconds() async {
    let store = Self.numbersStore([.send(.response(1)), .run { send in await send(.response(2)) }])
    await store.send(.tap(0))
    await store.receive(/NumbersAction.response) { $0 = [1] }
    await store.send(.tap(0))
    await store.receive(/NumbersAction.response, timeout: 1_000_000_000) { $0 = [1, 1] }
    await store.send(.tap(0))
    await store.receive(.response(1), timeout: 1_000_000_000) { $0 = [1, 1, 1] }
    await store.send(.tap(0))
    await store.receive({ $0 == .response(1) }, timeout: 1_000_000_000) { $0 = [1, 1, 1, 1] }
    await store.send(.tap(0))
    await store.receive(\.response, timeout: 1_000_000_000) { $0 = [1, 1, 1, 1, 1] }
    let task = await store.send(.tap(1))
    await store.receive(\.response, 2, timeout: 1_000_000_000) { $0 = [1, 1, 1, 1, 1, 2] }
    await task.finish(timeout: 1_000_000_000)
    await store.finish(timeout: 1_000_000_000)
  }
}
