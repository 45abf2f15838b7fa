import AppDependencies
import AppFeature
import ComposableTestSupport
import CounterFeature
import NumberFactFeature
import Persistence
import SettingsFeature
import SharingGRDB
import Testing
import TodosFeature

@MainActor
struct AppFeatureTests {
  /// The todos' database, in memory, fresh for each test.
  let database = TodosDatabase.inMemory()

  /// The app's state, its todos read from this test's database.
  func appState() -> AppFeature.State {
    withDependencies { [database] in $0.defaultDatabase = database } operation: { AppFeature.State() }
  }

  /// A test store of the app over `state`, writing to this test's database.
  func makeStore(
    _ state: AppFeature.State? = nil,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: state ?? appState()) { AppFeature() } withDependencies: { [database] in
      $0.defaultDatabase = database
      dependencies(&$0)
    }
  }

  @Test func theFeaturesShareTheRootsState() async {
    let store = makeStore()
    await store.send(\.settings.stepChanged, 5) {
      $0.settings.$step.withLock { $0 = 5 }
    }
    #expect(store.state.counter.step == 5)
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$count.withLock { $0 = 5 }
    }
    #expect(store.state.numberFact.count == 5)
  }

  /// The count's change clears the fact in the same send: the root runs the number fact's own
  /// logic for it (`NumberFact.countChanged`), not an action sent back into the store.
  @Test func aChangedCountClearsTheShownFact() async {
    var state = appState()
    state.numberFact.fact = "0 is a number."
    let store = makeStore(state)
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$count.withLock { $0 = 1 }
      $0.numberFact.fact = nil
    }
  }

  @Test func aChangedCountCancelsTheFactBeingLoaded() async {
    let clock = TestClock()
    let store = makeStore {
      $0.numberFact.fetch = { number, _ in
        try await clock.sleep(for: .seconds(1))
        return "\(number) is a good number."
      }
    }
    await store.send(\.numberFact.factButtonTapped) {
      $0.numberFact.isRequestInFlight = true
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$count.withLock { $0 = 1 }
      $0.numberFact.isRequestInFlight = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aFactUsesTheCountAndTheKindFromSettings() async {
    let store = makeStore { $0.numberFact.fetch = { "\($0) is a \($1) number." } }
    await store.send(\.settings.factKindChanged, .math) {
      $0.settings.$factKind.withLock { $0 = .math }
    }
    await store.send(\.numberFact.factButtonTapped) {
      $0.numberFact.isRequestInFlight = true
    }
    await store.receive(\.numberFact.factResponse.success) {
      $0.numberFact.isRequestInFlight = false
      $0.numberFact.fact = "0 is a math number."
      $0.numberFact.$history.withLock { $0 = ["0 is a math number."] }
    }
  }

  @Test func todosReadTheSortSettingFromSettings() async {
    let store = makeStore()
    await store.send(\.settings.sortCompletedChanged, false) {
      $0.settings.$sortCompleted.withLock { $0 = false }
    }
    #expect(store.state.todos.sortCompleted == false)
  }
}
