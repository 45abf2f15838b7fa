import ComposableTestSupport
import Dependencies
import Foundation
import Testing

/// The Composable Architecture's `StoreTests` on dependencies, ported: a store's dependencies
/// overridden on its reducer or by the store, the ones an initial state or a reducer builder
/// reads when the store is made, those surrounding the store, and the ones an effect changes
/// for the next, alike in a `Store` and a `TestStore`.
///
/// `testOverrideDependenciesDirectlyOnReducer` leaves out `urlSession`, a dependency
/// swift-dependencies does not declare on Linux.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreDependencyTests {
  @Reducer
  struct OverrideDependenciesOnReducer {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    var body: some Reducer<Int, Bool> {
      Reduce { state, action in
        _ = self.calendar
        _ = self.locale
        _ = self.timeZone
        state += action ? 1 : -1
        return .none
      }
    }
  }

  @Test func overrideDependenciesDirectlyOnReducer() {
    let store = Store(initialState: 0) {
      OverrideDependenciesOnReducer()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
    }
    store.send(true)
    #expect(store.withState { $0 } == 1)
  }

  @Reducer
  struct OverrideDependenciesOnStore {
    @Dependency(\.uuid) var uuid
    var body: some Reducer<UUID, Void> {
      Reduce { state, _ in
        state = self.uuid()
        return .none
      }
    }
  }

  @Test func overrideDependenciesDirectlyOnStore() {
    @Dependency(\.uuid) var uuid
    let store = Store(initialState: uuid()) {
      OverrideDependenciesOnStore()
    } withDependencies: {
      $0.uuid = .constant(UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!)
    }
    #expect(store.withState { $0 } == UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!)
  }

  @Reducer
  struct StoreVsTestStore {
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case tap
      case response1(Int)
      case response2(Int)
      case response3(Int)
    }
    @Dependency(\.storeTestsCount) var count
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .tap:
          return withDependencies {
            $0.storeTestsCount.value += 1
          } operation: {
            .run { send in await send(.response1(self.count.value)) }
          }
        case .response1(let count):
          state.count = count
          return withDependencies {
            $0.storeTestsCount.value += 1
          } operation: {
            .run { send in await send(.response2(self.count.value)) }
          }
        case .response2(let count):
          state.count = count
          return withDependencies {
            $0.storeTestsCount.value += 1
          } operation: {
            .run { send in await send(.response3(self.count.value)) }
          }
        case .response3(let count):
          state.count = count
          return .none
        }
      }
    }
  }

  @Test func storeVsTestStore() async {
    let testStore = TestStore(initialState: StoreVsTestStore.State()) {
      StoreVsTestStore()
    }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) {
      $0.count = 1
    }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = Store(initialState: StoreVsTestStore.State()) {
      StoreVsTestStore()
    }
    await store.send(.tap).finish()
    #expect(store.withState(\.count) == testStore.state.count)
  }

  @Test func initInitialStateWithDependencies() {
    struct Feature: Reducer {
      struct State: Equatable {
        var date: Date
        init() {
          @Dependency(\.date) var date
          self.date = date()
        }
      }
      enum Action: Equatable {}
      var body: some Reducer<State, Action> {
        EmptyReducer()
      }
    }

    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    }
    #expect(store.withState(\.date) == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  @Test func initReducerBuilderWithDependencies() {
    struct Feature: Reducer {
      let date: Date
      struct State: Equatable { var date: Date? }
      enum Action: Equatable { case tap }
      var body: some Reducer<State, Action> {
        Reduce { state, _ in
          state.date = self.date
          return .none
        }
      }
    }

    @Dependency(\.date) var date
    let store = Store(initialState: Feature.State()) {
      Feature(date: date())
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    }
    store.send(.tap)
    #expect(store.withState(\.date) == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  @Test func surroundingDependencies() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store<UUID, Void>(initialState: UUID()) {
        Reduce { state, _ in
          @Dependency(\.uuid) var uuid
          state = uuid()
          return .none
        }
      }
    }

    store.send(())
    #expect(store.withState { $0 } == UUID(0))
    store.send(())
    #expect(store.withState { $0 } == UUID(1))
  }
}

struct StoreTestsCount: TestDependencyKey {
  var value: Int
  static let liveValue = StoreTestsCount(value: 0)
  static let testValue = StoreTestsCount(value: 0)
}

extension DependencyValues {
  var storeTestsCount: StoreTestsCount {
    get { self[StoreTestsCount.self] }
    set { self[StoreTestsCount.self] = newValue }
  }
}