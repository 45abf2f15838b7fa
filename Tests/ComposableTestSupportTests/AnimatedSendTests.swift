import ComposableTestSupport
import Testing

/// An animation or a transaction is inert off Apple platforms: an action sent with one is sent,
/// reduced and followed by its effects exactly as without.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct AnimatedSendTests {
  @Reducer
  struct Feature {
    @ObservableState
    struct State: Equatable {
      var log: [String] = []
    }
    enum Action: Equatable {
      case echo(String)
      case start(animated: Bool)
      case tap(String)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .echo(let label):
          state.log.append("echo \(label)")
          return .none
        case .start(let animated):
          state.log.append("start")
          return .run { send in
            if animated {
              await send(.echo("1"), animation: .default)
              await send(.echo("2"), animation: .interpolatingSpring(stiffness: 3, damping: 40))
              await send(.echo("3"), transaction: Transaction(animation: .linear))
            } else {
              await send(.echo("1"))
              await send(.echo("2"))
              await send(.echo("3"))
            }
          }
        case .tap(let label):
          state.log.append("tap \(label)")
          return .send(.echo(label))
        }
      }
    }
  }

  /// The same test passes with the effect sending plainly and with animations: same actions, in
  /// the same order, changing state the same way.
  @Test(arguments: [false, true])
  func anEffectSendingWithAnAnimationSendsAsWithout(animated: Bool) async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.start(animated: animated)) { $0.log = ["start"] }
    await store.receive(.echo("1")) { $0.log.append("echo 1") }
    await store.receive(.echo("2")) { $0.log.append("echo 2") }
    await store.receive(.echo("3")) { $0.log.append("echo 3") }
  }

  @Test func aStoreSendingWithAnAnimationOrATransactionSendsAsWithout() async {
    let plain = Store(initialState: Feature.State()) { Feature() }
    plain.send(.tap("a"))
    await plain.send(.start(animated: false)).finish()
    let animated = Store(initialState: Feature.State()) { Feature() }
    animated.send(.tap("a"), animation: .easeInOut)
    await animated.send(.start(animated: false), transaction: Transaction(animation: .bouncy)).finish()
    #expect(animated.log == plain.log)
    #expect(animated.log == ["tap a", "echo a", "start", "echo 1", "echo 2", "echo 3"])
  }

  @Test func aCancelledEffectSendsNothingWithAnAnimation() async {
    var sent: [String] = []
    let send = Send<String> { sent.append($0) }
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      send("animated", animation: .default)
      send("transaction", transaction: Transaction())
      send("plain")
    }
    await task.value
    #expect(sent.isEmpty)
  }

  @ViewAction(for: Login.self)
  struct LoginModel {
    let store: StoreOf<Login>
  }

  @Reducer
  struct Login {
    @ObservableState
    struct State: Equatable {
      var taps = 0
    }
    enum Action: ViewAction {
      case view(View)
      enum View { case loginButtonTapped }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.taps += 1
        return .none
      }
    }
  }

  @Test func aViewActionSentWithAnAnimationOrATransactionIsSentAsWithout() {
    let model = LoginModel(store: Store(initialState: Login.State()) { Login() })
    model.send(.loginButtonTapped)
    model.send(.loginButtonTapped, animation: .spring())
    model.send(.loginButtonTapped, transaction: Transaction(animation: nil))
    #expect(model.store.taps == 3)
  }
}
