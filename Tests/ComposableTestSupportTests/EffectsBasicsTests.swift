import ComposableTestSupport
import Foundation
import Testing

@MainActor
struct EffectsBasicsTests {
  let clock = TestClock()

  @Test func countDown() async {
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.continuousClock = clock
      $0.testDependency = TestDependency()
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 0
    }
  }

  @Test func decrementBelowZeroReIncrementsAfterASecond() async {
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.continuousClock = clock
      $0.testDependency = TestDependency()
    }
    await store.send(.decrementButtonTapped) {
      $0.count = -1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.decrementDelayResponse) {
      $0.count = 0
    }
  }

  @Test func incrementCancelsThePendingReIncrement() async {
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.continuousClock = clock
      $0.testDependency = TestDependency()
    }
    await store.send(.decrementButtonTapped) {
      $0.count = -1
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 0
    }
    await clock.advance(by: .seconds(1))
  }

  @Test func numberFact() async {
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number Brent" }
      $0.testDependency = TestDependency()
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
    }
    await store.receive(\.numberFactResponse.success, "1 is a good number Brent") {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "1 is a good number Brent"
    }
  }

  @Test func numberFactFailure() async {
    struct Unavailable: Error {}
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.factClient.fetch = { _ in throw Unavailable() }
    }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
    }
    await store.receive(\.numberFactResponse.failure) {
      $0.isNumberFactRequestInFlight = false
    }
  }

  @Test func theSameFeatureReachesTheSameStateUnderStoreAndTestStore() async {
    let prepare: (inout DependencyValues) -> Void = {
      $0.continuousClock = ImmediateClock()
      $0.factClient.fetch = { "\($0) is a good number" }
      $0.testDependency = TestDependency()
    }
    let store = Store(initialState: EffectsBasics.State(), reducer: { EffectsBasics() }, withDependencies: prepare)
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    await store.send(.numberFactButtonTapped).finish()
    await store.send(.decrementButtonTapped).finish()

    let testStore = TestStore(initialState: EffectsBasics.State(), reducer: { EffectsBasics() }, withDependencies: prepare)
    testStore.exhaustivity = .off
    await testStore.send(.incrementButtonTapped)
    await testStore.send(.incrementButtonTapped)
    await testStore.send(.numberFactButtonTapped)
    await testStore.receive(\.numberFactResponse)
    await testStore.send(.decrementButtonTapped)
    await testStore.finish()

    #expect(testStore.state == store.state)
    #expect(store.state == EffectsBasics.State(count: 1, numberFact: nil))
  }
}
