import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreTests {
  @Test func chainedSynchronousSendsUseConstantStack() {
    let store = Store(initialState: Chain.State()) { Chain() }
    store.send(.step(remaining: 100_000))
    #expect(store.state.count == 100_000)
  }

  @Test func effectActionsAreProcessedBreadthFirstInOrder() {
    let store = Store(initialState: Logger.State()) { Logger() }
    store.send(.fanOut)
    #expect(store.state.log == ["fanOut", "a", "b", "c", "a.1", "b.1", "c.1"])
  }

  @available(*, deprecated)
  @Test func mergedSendsAreObservedAsOneStateChange() {
    let store = Store(initialState: Logger.State()) { Logger() }
    let viewStore = ViewStore(store, observe: \.total)
    var observed: [Int] = []
    let subscription = viewStore.onChange { observed.append($0) }
    store.send(.addAll)
    #expect(observed == [6])
    #expect(viewStore.state == 6)
    subscription.cancel()
    store.send(.addAll)
    #expect(observed == [6])
  }

  @available(*, deprecated)
  @Test func viewStoreSkipsUnchangedValues() {
    let store = Store(initialState: Logger.State()) { Logger() }
    let viewStore = ViewStore(store, observe: \.total)
    var observed: [Int] = []
    let subscription = viewStore.onChange { observed.append($0) }
    store.send(.log("no change to total"))
    store.send(.add(1))
    store.send(.add(0))
    store.send(.add(2))
    #expect(observed == [1, 3])
    _ = subscription
  }

  @available(*, deprecated)
  @Test func aViewStoreMadeWhileObservationTracksDoesNotObserveTheStore() {
    // NB: As in TCA, a view store reads its first value with `withState`: it is told of
    //     changes by the store, not by observation, and does not make every later send
    //     announce a change to whatever is tracking where it was made.
    let store = Store(initialState: Logger.State()) { Logger() }
    var viewStore: ViewStore<Int, Logger.Action>?
    let observed = Observed { viewStore = ViewStore(store, observe: \.total) }
    store.send(.add(1))
    #expect(observed.changes == 0)
    #expect(viewStore?.state == 1)
  }

  @Test func reentrantSendIsReportedAndQueuedNotProcessedMidReducer() {
    let box = StoreBox()
    let store = Store(initialState: Reentrant.State()) { Reentrant(box: box) }
    box.store = store
    withKnownIssue {
      store.send(.outer)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        Sent 'Reentrant.Action.inner' while an action was being processed.

        Reentrant actions are undefined and will be a precondition failure in a future version \
        of the library.
        """
    }
    #expect(store.state.log == ["outer.begin", "outer.end", "inner"])
  }

  @Test func scopedStoreIsAViewOntoTheRootAndIsCached() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: \.child)
    #expect(child === store.scope(state: \.child, action: \.child))
    child.send(.add(2))
    #expect(store.state.child.total == 2)
    store.send(.child(.add(3)))
    #expect(child.state.total == 5)
    #expect(child.withState(\.total) == 5)
  }

  @Test func optionalStateScopedWholeAndUnwrappedKeepsEachItsOwnCachedStore() {
    typealias Child = Observing.Child
    let store = Store(initialState: Optional(Child.State(value: 1))) {
      Reduce<Child.State?, Child.Action> { state, _ in
        state?.value += 1
        return .none
      }
    }
    // NB: One pair of key paths, two child stores: of the optional state, and of it unwrapped.
    let whole: Store<Child.State?, Child.Action> = store.scope(state: \.self, action: \.self)
    let unwrapped: Store<Child.State, Child.Action>? = store.scope(\.self, action: \.self)
    let wholeAgain: Store<Child.State?, Child.Action> = store.scope(state: \.self, action: \.self)
    #expect(wholeAgain === whole)
    #expect(store.scope(\.self, action: \.self) as Store<Child.State, Child.Action>? === unwrapped)
    // NB: Without a type, the store of the optional state whole, as in TCA.
    let untyped = store.scope(\.self, action: \.self)
    #expect(untyped === whole)
    whole.send(.valueChanged(2))
    #expect(whole.state?.value == 2)
    #expect(unwrapped?.value == 2)
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    var store: StoreOf<Sleeper>? = Store(initialState: Sleeper.State()) {
      Sleeper(onCancel: { cancelled.setValue(true) })
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store!.send(.sleep)
    store = nil
    await task.finish()
    #expect(cancelled.value)
  }

  @Test func cancellingAStoreTaskCancelsTheWholeTreeOfEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    let store = Store(initialState: Sleeper.State()) {
      Sleeper(onCancel: { cancelled.setValue(true) })
    } withDependencies: {
      $0.continuousClock = clock
    }
    // `.relay` starts an effect that sends `.sleep`, whose own effect sleeps ten seconds.
    let task = store.send(.relay)
    await store.wait { $0.isSleeping }
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(10))
    #expect(cancelled.value)
    #expect(!store.state.didWake)
    #expect(store._effectCount.tasks == 0)
  }

  @Test func storeTaskFinishWaitsForEffectsOfSentActions() async {
    let clock = SleepCountingClock()
    let store = Store(initialState: Sleeper.State()) {
      Sleeper(onCancel: {})
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.relay)
    await store.wait { $0.isSleeping }
    #expect(!task.isCancelled)
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(10))
    await task.finish()
    #expect(store.state.didWake)
  }
}
