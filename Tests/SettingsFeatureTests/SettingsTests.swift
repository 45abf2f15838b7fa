import AppDependencies
import ComposableTestSupport
import Persistence
import SettingsFeature
import Testing
import TerminalUI

@MainActor
struct SettingsTests {
  @Test func defaults() {
    let state = Settings.State()
    #expect(state.factKind == .trivia)
    #expect(state.step == 1)
    #expect(state.colorMode == .auto)
    #expect(state.sortCompleted == true)
  }

  @Test func storedValuesSeedTheState() {
    @Shared(.factKind) var factKind = .math
    @Shared(.step) var step = 5
    @Shared(.colorMode) var colorMode = .off
    @Shared(.sortCompleted) var sortCompleted = false
    let state = Settings.State()
    #expect(state.factKind == .math)
    #expect(state.step == 5)
    #expect(state.colorMode == .off)
    #expect(state.sortCompleted == false)
  }

  @Test func factKindChanged() async {
    @SharedReader(.factKind) var factKind
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.factKindChanged(.year)) {
      $0.$factKind.withLock { $0 = .year }
    }
    #expect(factKind == .year)
  }

  @Test func stepChanged() async {
    @SharedReader(.step) var step
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.stepChanged(25)) {
      $0.$step.withLock { $0 = 25 }
    }
    #expect(step == 25)
  }

  @Test func stepAtTheBoundsIsAccepted() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.stepChanged(1000)) {
      $0.$step.withLock { $0 = 1000 }
    }
    await store.send(.stepChanged(1)) {
      $0.$step.withLock { $0 = 1 }
    }
  }

  @Test func stepOutOfRangeChangesNothing() async {
    @Shared(.step) var step = 5
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.stepChanged(0))
    await store.send(.stepChanged(-3))
    await store.send(.stepChanged(1001))
    #expect(step == 5)
  }

  @Test func colorModeChanged() async {
    @SharedReader(.colorMode) var colorMode
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.colorModeChanged(.on)) {
      $0.$colorMode.withLock { $0 = .on }
    }
    #expect(colorMode == .on)
  }

  @Test func sortCompletedChanged() async {
    @SharedReader(.sortCompleted) var sortCompleted
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.sortCompletedChanged(false)) {
      $0.$sortCompleted.withLock { $0 = false }
    }
    #expect(sortCompleted == false)
  }

  @Test func reset() async {
    @Shared(.factKind) var factKind = .date
    @Shared(.step) var step = 5
    @Shared(.colorMode) var colorMode = .off
    @Shared(.sortCompleted) var sortCompleted = false
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.resetButtonTapped) {
      $0.alert = .resetSettings
    }
    #expect(step == 5)
    await store.send(\.alert.confirmReset) {
      $0.alert = nil
      $0.$factKind.withLock { $0 = .trivia }
      $0.$step.withLock { $0 = 1 }
      $0.$colorMode.withLock { $0 = .auto }
      $0.$sortCompleted.withLock { $0 = true }
    }
    #expect(step == 1)
  }

  @Test func resetAtTheDefaultsChangesNothing() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.resetButtonTapped) { $0.alert = .resetSettings }
    await store.send(\.alert.confirmReset) { $0.alert = nil }
  }

  @Test func resetCancelledChangesNothing() async {
    @Shared(.step) var step = 5
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.resetButtonTapped) { $0.alert = .resetSettings }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    #expect(step == 5)
  }

  @Test func eachSettingIsStoredUnderItsName() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.factKindChanged(.math)) {
      $0.$factKind.withLock { $0 = .math }
    }
    await store.send(.stepChanged(7)) {
      $0.$step.withLock { $0 = 7 }
    }
    await store.send(.colorModeChanged(.off)) {
      $0.$colorMode.withLock { $0 = .off }
    }
    await store.send(.sortCompletedChanged(false)) {
      $0.$sortCompleted.withLock { $0 = false }
    }
    @SharedReader(.appStorage("fact-kind")) var factKind = FactKind.trivia
    @SharedReader(.appStorage("step")) var step = 1
    @SharedReader(.appStorage("color")) var colorMode = ColorMode.auto
    @SharedReader(.appStorage("sort-completed")) var sortCompleted = true
    #expect(factKind == .math)
    #expect(step == 7)
    #expect(colorMode == .off)
    #expect(sortCompleted == false)
  }

  @Test func aReaderHandedToAnotherFeatureSeesEveryChange() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    let step = SharedReader(store.state.$step)
    await store.send(.stepChanged(3)) {
      $0.$step.withLock { $0 = 3 }
    }
    #expect(step.wrappedValue == 3)
  }
}
