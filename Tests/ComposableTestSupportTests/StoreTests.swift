import ComposableTestSupport
import Dependencies
import Foundation
import Persistence
import TestClocks
import Testing

/// The Composable Architecture's `StoreTests` (and its Swift Testing `ModernStoreTests`),
/// ported: effect bookkeeping, action queuing, task trees, root store isolation and store
/// lifetime. Its tests of a store's dependencies are `StoreDependencyTests`.
///
/// Not ported, because they test Combine, `ViewStore` publishers or deprecated closure scoping
/// that this core does not have: the scope call-count tests, `testSynchronousEffectsSentAfterSinking`,
/// `testIfLetAfterScope`, `testIfLetTwo`, `testPresentationScope`, the store publisher tests.
/// `testBufferedActionProcessing` needs Combine's `ifLet`; the re-entrant send it checks is
/// `reentrantSendIsReportedAndQueuedNotProcessedMidReducer` in `ComposableCoreTests`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreTests {
  @Test func cancellableIsRemovedOnImmediatelyCompletingEffect() {
    let store = Store<Void, Void>(initialState: ()) {}
    #expect(store._effectCount.tasks == 0)
    store.send(())
    #expect(store._effectCount.tasks == 0)
  }

  @Test func cancellableIsRemovedWhenEffectCompletes() async {
    enum Action { case start, end }
    let clock = SleepCountingClock()
    let store = Store(initialState: ()) {
      Reduce<Void, Action> { _, action in
        switch action {
        case .start:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.end)
          }
        case .end:
          return .none
        }
      }
    }
    #expect(store._effectCount.tasks == 0)

    let task = store.send(.start)
    #expect(store._effectCount.tasks == 1)

    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store._effectCount.tasks == 0)
  }

  @Test func lotsOfSynchronousActions() {
    enum Action { case incr, noop }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incr:
          state += 1
          return .send(state >= 100_000 ? .noop : .incr)
        case .noop:
          return .none
        }
      }
    }
    store.send(.incr)
    #expect(store.withState { $0 } == 100_000)
  }

  @Test func actionQueuing() async {
    enum Action: Equatable {
      case incrementTapped
      case `init`
      case doIncrement
    }
    let (subject, subjectContinuation) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incrementTapped:
          subjectContinuation.yield()
          return .none
        case .`init`:
          return .run { send in
            for await _ in subject { await send(.doIncrement) }
          }
        case .doIncrement:
          state += 1
          return .none
        }
      }
    }

    let initTask = await store.send(.`init`)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) {
      $0 = 1
    }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) {
      $0 = 2
    }
    // NB: A Combine subject's completion ends its effect at once; a stream's, a moment later.
    subjectContinuation.finish()
    await initTask.finish()
  }

  @available(*, deprecated)
  @Test func coalesceSynchronousActions() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        switch action {
        case 0:
          return .merge(.send(1), .send(2), .send(3))
        default:
          state = action
          return .none
        }
      }
    }
    // NB: TCA collects a view store's publisher; here, the view store's changes.
    let viewStore = ViewStore(store, observe: { $0 })
    var emissions = [viewStore.state]
    let subscription = viewStore.onChange { emissions.append($0) }
    store.send(0)
    #expect(emissions == [0, 3])
    subscription.cancel()
  }

  @Test func cascadingTaskCancellation() async {
    enum Action { case task, response, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(
            .run { _ in try await Task.never() },
            .run { send in await send(.response1) }
          )
        case .response1:
          return .merge(
            .run { _ in try await Task.never() },
            .run { send in await send(.response2) }
          )
        case .response2:
          return .run { _ in try await Task.never() }
        }
      }
    }

    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
  }

  @Test func taskCancellationEmpty() async {
    enum Action { case task }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in
        .run { _ in try await Task.never() }
      }
    }
    await store.send(.task).cancel()
  }

  @Test func scopeCancellation() async {
    let neverEndingTask = Task<Void, any Error> { try await Task.never() }
    let store = Store(initialState: ()) {
      Reduce<Void, Void> { _, _ in
        .run { _ in try await neverEndingTask.value }
      }
    }
    let scopedStore = store.scope(state: \.self, action: \.self)

    let sendTask = scopedStore.send(())
    neverEndingTask.cancel()
    await sendTask.finish()
    #expect(store._effectCount.tasks == 0)
    #expect(scopedStore._effectCount.tasks == 0)
  }

  @Test func reEntrantAction() async {
    // NB: TCA's subject delivers synchronously, from inside the reducer handling `tap`; here
    //     the effect's `send` is called there. The action is queued and handled after `tap`.
    @MainActor final class Subject {
      var handler: (@MainActor () -> Void)?
      func send() { handler?() }
    }
    struct State: Equatable {
      var count = 0
      var isOn = false
      var subjectCount = 0
    }
    enum Action: Equatable { case onAppear, subjectEmitted, tap }
    let subject = Subject()
    let (subscribed, subscribedContinuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .onAppear:
          return .run { send in
            await MainActor.run { subject.handler = { send(.subjectEmitted) } }
            subscribedContinuation.yield()
            try await Task.never()
          }
        case .subjectEmitted:
          if state.isOn {
            state.count += 1
          }
          state.subjectCount += 1
          return .none
        case .tap:
          state.isOn = true
          subject.send()
          state.isOn = false
          return .none
        }
      }
    }
    let onAppear = store.send(.onAppear)
    for await _ in subscribed { break }
    store.send(.tap)
    #expect(store.withState { $0 } == State(count: 0, isOn: false, subjectCount: 1))
    onAppear.cancel()
  }

  @Reducer
  struct TestSharedMutation {
    struct State: Equatable {
      @Shared(value: false) var bool
    }
    enum Action {
      case tap
      case response
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tap:
          return .send(.response)
        case .response:
          state.$bool.withLock { $0.toggle() }
          return .none
        }
      }
    }
  }

  @Test func sharedMutation() async {
    let store = TestStore(initialState: TestSharedMutation.State()) {
      TestSharedMutation()
    }
    // NB: As in TCA, which marks this test as a known failure: a test store processes the
    //     actions an action sends synchronously with it, so the shared change lands in `tap`.
    await withKnownIssue {
      await store.send(.tap)
      await store.receive(.response) {
        $0.$bool.withLock { $0 = true }
      }
    }
  }

  @Reducer
  struct RootStoreCancellationIsolation {
    @ObservableState
    struct State: Equatable {
      var count = 0
    }
    enum Action {
      case cancelButtonTapped
      case response(Int)
      case tap
    }
    @Dependency(\.continuousClock) var clock
    enum CancelID { case effect }
    var body: some ReducerOf<Self> {
      Reduce<State, Action> { state, action in
        switch action {
        case .cancelButtonTapped:
          return .cancel(id: CancelID.effect)
        case .response(let value):
          state.count = value
          return .none
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(0))
            await send(.response(42))
          }
          .cancellable(id: CancelID.effect)
        }
      }
    }
  }

  @Test func rootStoreCancellationIsolation() async {
    let clock = SleepCountingClock()
    let store1 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = Store(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task1 = store1.send(.tap)
    let task2 = store2.send(.tap)
    await clock.waitForSleeps(2)
    store2.send(.cancelButtonTapped)
    await clock.advance(by: .zero)
    await task1.finish()
    await task2.finish()
    #expect(store1.count == 42)
    #expect(store2.count == 0)
  }

  @Test func rootStoreCancellationIsolationTestStore() async {
    let clock = TestClock()
    let store1 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = TestStore(initialState: RootStoreCancellationIsolation.State()) {
      RootStoreCancellationIsolation()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(\.response) {
      $0.count = 42
    }
  }

  @Reducer
  struct TaskTreeFeature {
    let clock: SleepCountingClock
    @ObservableState
    struct State { var count = 0 }
    enum Action { case tap, response1, response2 }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response1) }
        case .response1:
          state.count = 42
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response2)
          }
        case .response2:
          state.count = 1729
          return .none
        }
      }
    }
  }

  @Test func cancellation() async {
    // NB: TCA's `testChildParentEffectCancellation` checks the same tree with a parent and a child.
    let clock = SleepCountingClock()
    let store = Store(initialState: TaskTreeFeature.State()) { TaskTreeFeature(clock: clock) }
    let task = store.send(.tap)
    await clock.waitForSleeps(1)
    #expect(store.count == 42)
    task.cancel()
    await clock.advance(by: .seconds(1))
    await task.finish()
    withKnownIssue("Cancelling the root effect should not cancel the child effects.") {
      #expect(store.count == 1729)
    }
  }

  @Reducer
  struct LifecycleChild {
    @ObservableState
    struct State {
      var count = 0
    }
    enum Action {
      case incrementButtonTapped
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped:
          state.count += 1
          return .none
        }
      }
    }
  }

  @Reducer
  struct LifecycleParent {
    @ObservableState
    struct State {
      @Presents var child: LifecycleChild.State?
    }
    enum Action {
      case child(PresentationAction<LifecycleChild.Action>)
      case presentButtonTapped
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .presentButtonTapped:
          state.child = LifecycleChild.State()
          return .none
        }
      }
      .ifLet(\.$child, action: \.child) {
        LifecycleChild()
      }
    }
  }

  @Test func parentChildLifecycle() {
    weak var parentStore: StoreOf<LifecycleParent>?
    do {
      let store = Store(initialState: LifecycleParent.State()) {
        LifecycleParent()
      }
      parentStore = store
      store.send(.presentButtonTapped)
      guard store.scope(state: \.child, action: \.child) != nil else {
        Issue.record("Child is 'nil'")
        return
      }
    }
    #expect(parentStore == nil)
  }
}
