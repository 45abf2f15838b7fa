import ComposableTestSupport
import CounterFeature
import Persistence
import Testing

@MainActor
struct CounterTests {
  let clock = TestClock()

  /// A counter at `count` moving by `step`, on the test clock.
  func makeStore(count: Int = 0, step: Int = 1) -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(count: Shared(value: count), step: SharedReader(value: step))) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func increment() async {
    let store = makeStore()
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 2 }
    }
  }

  @Test func incrementAndDecrementMoveByTheStep() async {
    let store = makeStore(count: 10, step: 5)
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 15 }
    }
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = 10 }
    }
  }

  @Test func aChangedStepTakesEffectOnTheNextTap() async {
    let step = Shared(value: 1)
    let store = TestStore(initialState: Counter.State(count: Shared(value: 0), step: SharedReader(step))) {
      Counter()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    step.withLock { $0 = 10 }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 11 }
    }
  }

  @Test func countDown() async {
    let store = makeStore()
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func decrementBelowZeroReIncrementsAfterASecond() async {
    let store = makeStore()
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -1 }
    }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.decrementDelayResponse) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func reIncrementRaisesTheCountByTheStep() async {
    let store = makeStore(count: 1, step: 3)
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -2 }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.decrementDelayResponse) {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test func reIncrementOnlyWhileTheCountIsNegative() async {
    let store = makeStore()
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -1 }
    }
    await clock.advance(by: .milliseconds(250))
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -2 }
    }
    await clock.advance(by: .milliseconds(250))
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -3 }
    }
    // Still below zero, so the three re-increments stay scheduled.
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = -2 }
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.decrementDelayResponse) {
      $0.$count.withLock { $0 = -1 }
    }
    await clock.advance(by: .milliseconds(250))
    await store.receive(\.decrementDelayResponse) {
      $0.$count.withLock { $0 = 0 }
    }
    await clock.advance(by: .milliseconds(250))
    // The last one finds the count at zero and leaves it there.
    await store.receive(\.decrementDelayResponse)
  }

  @Test func incrementBackToZeroCancelsTheReIncrement() async {
    let store = makeStore()
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -1 }
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
    // Nothing arrives: an exhaustive store would fail on an unreceived action.
    await clock.advance(by: .seconds(1))
  }

  @Test func incrementThatStaysNegativeKeepsTheReIncrement() async {
    let store = makeStore(count: -1)
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -2 }
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = -1 }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.decrementDelayResponse) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func reset() async {
    let store = makeStore(count: 7)
    await store.send(.resetButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func resetCancelsTheReIncrement() async {
    let store = makeStore(step: 2)
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -2 }
    }
    await store.send(.resetButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
    await clock.advance(by: .seconds(1))
  }

  @Test func theCountIsPersistedUnderItsKey() async {
    @Shared(.count) var count = 41
    let store = TestStore(initialState: Counter.State(count: Shared(.count), step: SharedReader(value: 1))) {
      Counter()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 42 }
    }
    #expect(count == 42)
    @SharedReader(.appStorage("count")) var stored = 0
    #expect(stored == 42)
  }

  @Test func theCountKeyDefaultsToZero() {
    @Shared(.count) var count
    #expect(count == 0)
  }

  @Test func countingStopsAtTheBoundsInsteadOfOverflowing() async {
    let store = makeStore(count: .max - 1, step: 5)
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = .max }
    }
  }

  /// The store made by hand in the core's Getting Started article: below zero, the count
  /// climbs back once the effect's second has passed on an immediate clock.
  @Test func aStoreMadeByHandRunsTheCounterAndItsEffect() async {
    let store = Store(initialState: Counter.State(count: Shared(value: 0), step: SharedReader(value: 1))) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.decrementButtonTapped).finish()
    #expect(store.count == 0)
  }
}
