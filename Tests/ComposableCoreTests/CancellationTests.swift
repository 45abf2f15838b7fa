import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CancellationTests {
  let clock = SleepCountingClock()

  func makeStore() -> StoreOf<Delayed> {
    Store(initialState: Delayed.State()) { Delayed() } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func cancelInFlightStartedTwiceEmitsOnce() async {
    let store = makeStore()
    let first = store.send(.start(cancelInFlight: true))
    await clock.waitForSleeps(1)
    let second = store.send(.start(cancelInFlight: true))
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.state.emissions == 1)
  }

  @Test func withoutCancelInFlightBothEmit() async {
    let store = makeStore()
    let first = store.send(.start(cancelInFlight: false))
    let second = store.send(.start(cancelInFlight: false))
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.state.emissions == 2)
  }

  @Test func cancelBeforeADelayedEmissionYieldsNothing() async {
    let store = makeStore()
    let task = store.send(.start(cancelInFlight: false))
    store.send(.stop)
    #expect(store._effectCount.tasks == 0)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.emissions == 0)
  }

  @Test func cancellingAfterCompletionIsANoOp() async {
    let store = makeStore()
    let task = store.send(.start(cancelInFlight: false))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    store.send(.stop)
    #expect(store.state.emissions == 1)
    let again = store.send(.start(cancelInFlight: false))
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await again.finish()
    #expect(store.state.emissions == 2)
  }

  @Test func theSameIDInTwoRootStoresDoesNotCrossCancel() async {
    let first = makeStore()
    let second = makeStore()
    let task = first.send(.start(cancelInFlight: false))
    second.send(.stop)
    second.send(.start(cancelInFlight: true))
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(first.state.emissions == 1)
  }

  @Test func tenThousandStartedAndCancelledEffectsLeaveTheRegistryEmpty() async {
    let store = makeStore()
    var tasks: [StoreTask] = []
    for index in 0..<10_000 {
      tasks.append(store.send(.startWithID(index)))
    }
    #expect(store._effectCount.tasks == 10_000)
    #expect(store._effectCount.cancelIDs == 10_000)
    for index in 0..<10_000 {
      store.send(.stopWithID(index))
    }
    #expect(store._effectCount.tasks == 0)
    #expect(store._effectCount.cancelIDs == 0)
    for task in tasks {
      await task.finish()
    }
    await clock.advance(by: .seconds(1))
    #expect(store.state.emissions == 0)
    #expect(store._effectCount.tasks == 0)
  }
}

/// Emits once, a second after it starts, unless cancelled.
struct Delayed: Reducer {
  struct State: Equatable { var emissions = 0 }
  enum Action { case emitted, start(cancelInFlight: Bool), startWithID(Int), stop, stopWithID(Int) }
  enum CancelID { case delay }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .emitted:
      state.emissions += 1
      return .none
    case .start(let cancelInFlight):
      return delayedEmission.cancellable(id: CancelID.delay, cancelInFlight: cancelInFlight)
    case .startWithID(let id):
      return delayedEmission.cancellable(id: id)
    case .stop:
      return .cancel(id: CancelID.delay)
    case .stopWithID(let id):
      return .cancel(id: id)
    }
  }

  private var delayedEmission: Effect<Action> {
    .run { [clock] send in
      try await clock.sleep(for: .seconds(1))
      await send(.emitted)
    }
  }
}
