import ComposableTestSupport
import Testing

@MainActor
struct TestStoreTests {
  @Test func receiveByActionPredicateAndCaseKeyPath() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceLater)
    await store.receive({ $0 == .increment }) { $0.count = 1 }
    await store.receive(\.add, 10) { $0.count = 11 }

    await store.send(.incrementTwiceLater)
    await store.receive(.increment) { $0.count = 12 }
    await store.receive(\.add) { $0.count = 22 }
  }

  @Test func sendByCaseKeyPath() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(\.add, 5) { $0.count = 5 }
    await store.send(\.increment) { $0.count = 6 }
  }

  @Test func sendToAnElementByCaseKeyPath() async {
    let store = TestStore(
      initialState: CounterList.State(counters: [.init(id: 1), .init(id: 2)])
    ) {
      CounterList()
    }
    await store.send(\.counters[id: 2].increment) {
      $0.counters[id: 2]?.counter.count = 1
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.incrementTwiceLater)
    await store.receive(\.add) { $0.count = 12 }
    #expect(store.state.count == 12)
  }

  @Test func nonExhaustiveStillFailsAWrongAssertion() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { String(describing: $0).contains("A state change does not match expectation") }
  }

  @Test func nonExhaustiveCanShowSkippedAssertions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
  }

  @Test func withExhaustivityRestoresTheSetting() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      await store.send(.increment)
    }
    #expect(store.exhaustivity == .on)
    await store.send(.increment) { $0.count = 2 }
  }

  @Test func withExhaustivityShowingSkippedAssertions() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off(showSkippedAssertions: true)) {
      await store.send(.incrementTwiceLater)
      await store.receive(\.add) { $0.count = 11 }
    }
    #expect(store.exhaustivity == .on)
    await store.send(.increment) { $0.count = 12 }
  }

  @Test func skipReceivedActionsMovesStateOn() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTwiceLater)
    await withKnownIssue {
      await store.finish()
    } matching: { $0.message.hasPrefix("The store received 2 unexpected actions.") }
    await store.skipReceivedActions()
    #expect(store.state.count == 11)
    await store.send(.increment) { $0.count = 12 }
  }

  @Test func skipInFlightEffectsStopsTrackingThemWithoutCancelling() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementAfterASecond)
    // NB: In an exhaustive test what was skipped is listed as an expected issue, not a failure.
    await store.skipInFlightEffects()
    await store.finish()
    await clock.advance(by: .seconds(1))
    await store.receive(\.increment) { $0.count = 1 }
  }

  @Test func skipReceivedActionsAfterFinishMovesStateOn() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.incrementTwiceLater)
    await store.finish()
    await store.skipReceivedActions()
    #expect(store.state.count == 11)
  }

  @Test func dependenciesCanChangeBetweenSteps() async {
    let store = TestStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
      $0.factClient.fetch = { "\($0) is first" }
    }
    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(\.numberFactResponse.success, "0 is first") {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "0 is first"
    }
    store.dependencies.factClient.fetch = { "\($0) is second" }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
      $0.numberFact = nil
    }
    await store.receive(\.numberFactResponse.success, "0 is second") {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "0 is second"
    }
  }

  @Test func testStoreTaskCancelAndFinish() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    let cancelled = await store.send(.incrementAfterASecond)
    await cancelled.cancel()
    #expect(cancelled.isCancelled)

    let finished = await store.send(.incrementAfterASecond)
    await clock.advance(by: .seconds(1))
    await finished.finish()
    await store.receive(\.increment) { $0.count = 1 }
  }

  @Test func aTaskThatDoesNotFinishInTimeFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(20))
    } matching: { String(describing: $0).contains("Expected task to finish, but it is still in-flight after 0.02 seconds.") }
    await task.cancel()
  }
}

/// A list of counters, each addressed by id.
struct CounterList: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var counter = Counter.State()
  }
  struct State: Equatable { var counters: IdentifiedArrayOf<Row> }
  @CasePathable enum Action { case counters(IdentifiedAction<Int, Counter.Action>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.counters, action: \.counters) {
        Scope(state: \.counter, action: \.self) { Counter() }
      }
  }
}
