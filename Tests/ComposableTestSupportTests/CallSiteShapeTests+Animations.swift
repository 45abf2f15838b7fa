import ComposableTestSupport
import Testing

/// The shapes in which TCA's case studies send actions with animations and transactions, each
/// as they write it.
extension CallSiteShapeTests {
  @Reducer
  struct Lights {
    @ObservableState
    struct State: Equatable {
      var color = "white"
      var ticks = 0
      @Presents var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case cycleButtonTapped
      case resetButtonTapped
      case setColor(String)
      case timerTicked
      case tickButtonTapped
      enum Alert: Equatable { case resetConfirmationButtonTapped }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none
        case .cycleButtonTapped:
          return .run { send in
            for color in ["red", "blue"] {
              await send(.setColor(color), animation: .linear)
            }
            await send(.setColor("white"), animation: .default)
          }
        case .resetButtonTapped:
          state.alert = AlertState {
            TextState("Reset state?")
          } actions: {
            ButtonState(role: .destructive, action: .send(.resetConfirmationButtonTapped, animation: .default)) {
              TextState("Reset")
            }
            ButtonState(role: .cancel) { TextState("Cancel") }
          }
          return .none
        case .setColor(let color):
          state.color = color
          return .none
        case .timerTicked:
          state.ticks += 1
          return .none
        case .tickButtonTapped:
          return .run { send in
            await send(.timerTicked, animation: .interpolatingSpring(stiffness: 3000, damping: 40))
            await send(.timerTicked, transaction: Transaction(animation: .easeInOut(duration: 1)))
          }
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func sendWithAnAnimationFromARunEffect() async {
    let store = TestStore(initialState: Lights.State()) { Lights() }
    await store.send(.cycleButtonTapped)
    await store.receive(\.setColor) { $0.color = "red" }
    await store.receive(\.setColor) { $0.color = "blue" }
    await store.receive(\.setColor) { $0.color = "white" }
  }

  @Test func sendWithAnInterpolatingSpringOrATransactionFromARunEffect() async {
    let store = TestStore(initialState: Lights.State()) { Lights() }
    await store.send(.tickButtonTapped)
    await store.receive(\.timerTicked) { $0.ticks = 1 }
    await store.receive(\.timerTicked) { $0.ticks = 2 }
  }

  @Test func anAlertButtonSendingWithAnAnimationComparedInATest() async {
    let store = TestStore(initialState: Lights.State()) { Lights() }
    await store.send(.resetButtonTapped) {
      $0.alert = AlertState {
        TextState("Reset state?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.resetConfirmationButtonTapped, animation: .default)) {
          TextState("Reset")
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.alert(.presented(.resetConfirmationButtonTapped))) { $0.alert = nil }
  }

  @Test func aStoreSendWithAnAnimationOrATransaction() async {
    let store = Store(initialState: Lights.State()) { Lights() }
    store.send(.setColor("red"), animation: .easeOut)
    store.send(.setColor("blue"), transaction: Transaction(animation: .spring(response: 0.3, dampingFraction: 0.5)))
    #expect(store.color == "blue")
  }

  @available(*, deprecated)
  @Test func theDeprecatedAnimatedEffects() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, amount in
        state += amount
        guard amount == 1 else { return .none }
        return .concatenate(
          .send(10, animation: .default),
          .run { send in await send(100) }.animation(.smooth),
          .run { send in await send(1000) }.animation(),
          .run { send in await send(10000) }.transaction(Transaction(animation: .snappy))
        )
      }
    }
    await store.send(1) { $0 = 1 }
    await store.receive(10) { $0 = 11 }
    await store.receive(100) { $0 = 111 }
    await store.receive(1000) { $0 = 1111 }
    await store.receive(10000) { $0 = 11111 }
  }

  @MainActor
  @ViewAction(for: Login.self)
  struct LoginViewModel {
    let store: StoreOf<Login>

    func loginButtonTapped() {
      send(.loginButtonTapped, animation: .default)
    }
  }

  @Reducer
  struct Login {
    @ObservableState
    struct State: Equatable { var isLoggingIn = false }
    enum Action: ViewAction, Equatable {
      case view(View)
      enum View: Equatable { case loginButtonTapped }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.isLoggingIn = true
        return .none
      }
    }
  }

  @Test func aViewModelWithTheViewActionMacro() {
    let model = LoginViewModel(store: Store(initialState: Login.State()) { Login() })
    model.loginButtonTapped()
    #expect(model.store.isLoggingIn)
  }

  @Reducer
  struct Sheet {
    @ObservableState
    struct State: Equatable {}
    enum Action: Equatable {
      case closeButtonTapped
      case slideAwayButtonTapped
    }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .closeButtonTapped:
          return .run { _ in await dismiss(animation: .default) }
        case .slideAwayButtonTapped:
          return .run { _ in await dismiss(transaction: Transaction(animation: .easeOut)) }
        }
      }
    }
  }

  @Reducer
  struct SheetHost {
    @ObservableState
    struct State: Equatable {
      @Presents var sheet: Sheet.State?
    }
    enum Action: Equatable {
      case sheet(PresentationAction<Sheet.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.$sheet, action: \.sheet) { Sheet() }
    }
  }

  @Test func dismissWithAnAnimationOrATransaction() async {
    let store = TestStore(initialState: SheetHost.State(sheet: Sheet.State())) { SheetHost() }
    await store.send(\.sheet.closeButtonTapped)
    await store.receive(\.sheet.dismiss) { $0.sheet = nil }
    let other = TestStore(initialState: SheetHost.State(sheet: Sheet.State())) { SheetHost() }
    await other.send(\.sheet.slideAwayButtonTapped)
    await other.receive(\.sheet.dismiss) { $0.sheet = nil }
  }
}
