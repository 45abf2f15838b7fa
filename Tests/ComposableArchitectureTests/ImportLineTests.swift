import ComposableArchitecture
import Testing

/// A feature and its test written as a TCA user writes them, with TCA's one import line: the
/// macros, observation, navigation, dependencies, `@Shared` and `TestStore` all come with it.
@Reducer
struct Tally {
  @ObservableState
  struct State: Equatable {
    var count = 0
    @Shared(.inMemory("total")) var total = 0
    @Presents var alert: AlertState<Action.Alert>?
    var ids: IdentifiedArrayOf<Item> = []
  }

  struct Item: Equatable, Identifiable {
    let id: UUID
  }

  enum Action {
    case alert(PresentationAction<Alert>)
    case incrementButtonTapped
    case resetButtonTapped
    case tick
    @CasePathable
    enum Alert { case confirmReset }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmReset)):
        state.count = 0
        return .none
      case .alert:
        return .none
      case .incrementButtonTapped:
        state.count += 1
        state.$total.withLock { $0 += 1 }
        state.ids.append(Item(id: uuid()))
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .resetButtonTapped:
        state.alert = AlertState { TextState("Reset?") } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
        }
        return .none
      case .tick:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
struct ImportLineTests {
  @Test func aTCAFeatureAndItsTestCompileAndPassWithOneImport() async {
    let clock = TestClock()
    let store = TestStore(initialState: Tally.State()) {
      Tally()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.$total.withLock { $0 = 1 }
      $0.ids = [Tally.Item(id: UUID(0))]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick)
    await store.send(.resetButtonTapped) {
      $0.alert = AlertState { TextState("Reset?") } actions: {
        ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
      }
    }
    await store.send(\.alert.confirmReset) {
      $0.alert = nil
      $0.count = 0
    }
  }
}

/// A live client as a TCA case study writes one (`URLSession.shared.data(from:)`), and the
/// animation types an action is sent with, under the one import: off Apple platforms
/// `URLSession` lives in FoundationNetworking, which `ComposableArchitecture` brings too.
struct ImportLineNetworkingTests {
  static let fetch: @Sendable (URL) async throws -> Data = { url in
    try await URLSession.shared.data(from: url).0
  }

  @Test func urlSessionAndTheAnimationTypesComeWithTheImport() {
    var request = URLRequest(url: URL(string: "http://127.0.0.1/fact")!)
    request.httpMethod = "HEAD"
    #expect(request.httpMethod == "HEAD")
    #expect(URLSession.shared.configuration.timeoutIntervalForRequest > 0)
    let transaction: Transaction = Transaction(animation: Animation.default)
    #expect(transaction.animation == .default)
  }
}
