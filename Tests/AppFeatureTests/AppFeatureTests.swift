import AppDependencies
import AppFeature
import ComposableTestSupport
import CounterFeature
import NumberFactFeature
import Persistence
import SettingsFeature
import Testing
import TodosFeature

@MainActor
struct AppFeatureTests {
  @Test func theFeaturesShareTheRootsState() async {
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(\.settings.stepChanged, 5) {
      $0.settings.$step.withLock { $0 = 5 }
    }
    #expect(store.state.counter.step == 5)
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$count.withLock { $0 = 5 }
    }
    await store.receive(\.numberFact.countChanged)
    #expect(store.state.numberFact.count == 5)
  }

  @Test func aChangedCountClearsTheShownFact() async {
    var state = AppFeature.State()
    state.numberFact.fact = "0 is a number."
    let store = TestStore(initialState: state) { AppFeature() }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$count.withLock { $0 = 1 }
    }
    await store.receive(\.numberFact.countChanged) {
      $0.numberFact.fact = nil
    }
  }

  @Test func aFactUsesTheCountAndTheKindFromSettings() async {
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a \($1) number." }
    }
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
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(\.settings.sortCompletedChanged, false) {
      $0.settings.$sortCompleted.withLock { $0 = false }
    }
    #expect(store.state.todos.sortCompleted == false)
  }
}
