import ComposableTestSupport
import Foundation
import Persistence
import Testing

/// Names TCA keeps for code written before its current style, each used as that code uses it.
extension CallSiteShapeTests {
  struct NumberFactClient: TestDependencyKey {
    var fetch: @Sendable (Int) async throws -> String
    static let testValue = NumberFactClient { "\($0) is a number" }
  }

  struct FactError: Error, Equatable {}

  @Reducer
  struct Facts {
    @ObservableState
    struct State: Equatable {
      var fact: String?
      var failed = false
    }
    enum Action: Equatable {
      case factButtonTapped(Int)
      case factResponse(TaskResult<String>)
    }
    @Dependency(NumberFactClient.self) var numberFact
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .factButtonTapped(let number):
          return .run { [numberFact] send in
            await send(.factResponse(TaskResult { try await numberFact.fetch(number) }))
          }
        case .factResponse(.success(let fact)):
          state.fact = fact
          return .none
        case .factResponse(.failure):
          state.failed = true
          return .none
        }
      }
    }

    /// A helper that takes the effect's sender, typed by the feature.
    static func sendFact(_ fact: String, _ send: SendOf<Facts>) async {
      await send(.factResponse(.success(fact)))
    }
  }

  @Test func aTaskResultInAnActionReceivedByValueAndByCase() async {
    let store = TestStore(initialState: Facts.State()) { Facts() }
    await store.send(.factButtonTapped(1))
    await store.receive(.factResponse(.success("1 is a number"))) { $0.fact = "1 is a number" }
    store.dependencies[NumberFactClient.self].fetch = { _ in throw FactError() }
    await store.send(.factButtonTapped(2))
    await store.receive(\.factResponse.failure) { $0.failed = true }
  }

  @Test func aDependencyOverriddenByItsValueAlone() async {
    let store = TestStore(initialState: Facts.State()) {
      Facts()
        .dependency(NumberFactClient { "\($0) is overridden" })
    }
    await store.send(.factButtonTapped(3))
    await store.receive(.factResponse(.success("3 is overridden"))) { $0.fact = "3 is overridden" }
  }

  @Test func aSendOfAFeature() async {
    var received: [Facts.Action] = []
    let send = SendOf<Facts> { received.append($0) }
    await Facts.sendFact("42", send)
    #expect(received == [.factResponse(.success("42"))])
  }

  @Test func aReducerWithSignposts() async {
    let store = TestStore(initialState: Facts.State()) {
      Facts()
        .signpost()
        .signpost("Facts")
    }
    await store.send(.factButtonTapped(4))
    await store.receive(\.factResponse.success) { $0.fact = "4 is a number" }
  }

  @available(*, deprecated)
  @Test func aViewStoreOfAFeature() {
    let store = StoreOf<Facts>(initialState: Facts.State()) { Facts() }
    let viewStore: ViewStoreOf<Facts> = ViewStore(store, observe: { $0 })
    #expect(viewStore.fact == nil)
  }

  /// NB: Only read and set to what it is: turning it off is process-wide, and the other tests
  ///     running beside this one rely on it.
  @Test func aTestStoreSerialExecutionSetting() async {
    let store = TestStore(initialState: Facts.State()) { Facts() }
    #expect(store.useMainSerialExecutor)
    store.useMainSerialExecutor = true
    await store.send(.factButtonTapped(5))
    await store.receive(\.factResponse.success) { $0.fact = "5 is a number" }
  }

  @available(*, deprecated)
  @Test func fileStoragesByTheirOlderNames() {
    withDependencies {
      $0.defaultFileStorage = InMemoryFileStorage()
    } operation: {
      @Shared(.fileStorage(URL(filePath: "/count.json"))) var stored = 0
      $stored.withLock { $0 = 1 }
      #expect(stored == 1)
    }
    #expect(type(of: LiveFileStorage()) == FileStorage.self)
  }
}
