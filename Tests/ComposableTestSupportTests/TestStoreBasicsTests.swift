import ComposableTestSupport
import Foundation
import Testing

/// The test store's everyday behaviour, after the Composable Architecture's `TestStoreTests`:
/// concatenated and merged effects, state seen inside assertions, dependencies overridden on
/// the reducer or the store (at creation or midway), `assert` in a non-exhaustive store, case
/// key paths, and dismissal.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestStoreBasicsTests {
  @Test func concatenatedEffectsAreReceivedInOrder() async {
    enum Action: Equatable { case a, b1, b2, b3, c1, c2, c3, d }
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await Task.never() }.cancellable(id: 1)
          )
        case .b1:
          return .concatenate(.send(.b2), .send(.b3))
        case .c1:
          return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3:
          return .none
        case .d:
          return .cancel(id: 1)
        }
      }
    }
    await store.send(.a)
    await clock.advance(by: .seconds(1))
    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)
    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)
    await store.send(.d)
  }

  @Test func anAsyncResponse() async {
    enum Action: Equatable { case tap, response(Int) }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
  }

  @Test func aWrongExpectationFailsOnSendAndOnReceive() async {
    struct State: Equatable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable {
      case changed(from: Int, to: Int)
      case increment
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .changed(let from, let to):
          state.isChanging = false
          if state.count == from { state.count = to }
          return .none
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        }
      }
    }
    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    await withKnownIssue {
      await store.send(.increment) { $0.isChanging = false }
    }
    await withKnownIssue {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
  }

  @Test func aPredicateIsCalledAndAMismatchFails() async {
    enum Action: Equatable { case noop, finished }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in action == .noop ? .send(.finished) : .none }
    }
    let calls = LockIsolated(0)
    await store.send(.noop)
    await store.receive { action in
      calls.withValue { $0 += 1 }
      return action == .finished
    }
    #expect(calls.value > 0)
    await store.send(.noop)
    await withKnownIssue { await store.receive(.noop) }
    await store.send(.noop)
    await withKnownIssue { await store.receive { $0 == .noop } }
  }

  @Test func anAssertionSeesTheStateBeforeItsStep() async {
    enum Action { case a, b, c, d }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      }
    }
    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      $0 = 2
      #expect(store.state == 1)
    }
    await store.receive(.c) {
      $0 = 3
      #expect(store.state == 2)
    }
    await store.receive(.d) {
      $0 = 4
      #expect(store.state == 3)
    }
    #expect(store.state == 4)
  }

  @Reducer
  struct Clocked {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    @Dependency(\.date.now) var now
    var body: some Reducer<Int, Bool> {
      Reduce { state, action in
        _ = (calendar, locale, timeZone)
        state = action ? Int(now.timeIntervalSince1970) : state + 1
        return .none
      }
    }
  }

  @Test func dependenciesOverriddenOnTheReducer() async {
    let store = TestStore(initialState: 0) {
      Clocked()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
        .dependency(\.date.now, Date(timeIntervalSince1970: 42))
    }
    await store.send(true) { $0 = 42 }
  }

  @Test func dependenciesOverriddenOnTheStoreAtCreationAndMidway() async {
    let store = TestStore(initialState: 0) {
      Clocked()
    } withDependencies: {
      $0.calendar = Calendar(identifier: .gregorian)
      $0.locale = Locale(identifier: "en_US")
      $0.timeZone = TimeZone(secondsFromGMT: 0)!
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }
    await store.send(true) { $0 = 1_234_567_890 }
    store.dependencies.date.now = Date(timeIntervalSince1970: 987_654_321)
    await store.send(true) { $0 = 987_654_321 }
  }

  @Reducer
  struct Stamped {
    struct State: Equatable {
      var count = 0
      var date: Date
      init() {
        @Dependency(\.date.now) var now
        date = now
      }
    }
    enum Action: Equatable { case response(Int), tap }
    @Dependency(\.date.now) var now
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .response(let number):
          state.count = number
          state.date = now
          return .none
        case .tap:
          state.count += 1
          return .run { send in await send(.response(42)) }
        }
      }
    }
  }

  @Test func stateAndAssertionsSeeTheStoresDependencies() async {
    let store = TestStore(initialState: Stamped.State()) { Stamped() } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }
    await store.send(.tap) {
      @Dependency(\.date.now) var now
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now
      $0.count = 42
      $0.date = now
    }
  }

  @Test func dependenciesArePreparedOnce() {
    let count = LockIsolated(0)
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    } withDependencies: { _ in
      count.withValue { $0 += 1 }
    }
    #expect(count.value == 1)
    _ = store
  }

  @Test func assertInANonExhaustiveStore() {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    store.exhaustivity = .off
    store.assert { $0 = 0 }
    withKnownIssue {
      store.assert { $0 = 1 }
    } matching: {
      $0.message.hasSuffix(
        """
        A state change does not match expectation.

            − 1
            + 0

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func receivingByCaseKeyPathAndValue() async {
    let store = TestStore<Int, Tapped>(initialState: 0) {
      Reduce { _, action in
        if case .tap = action { return .send(.delegate(.success(42))) }
        return .none
      }
    }
    await store.send(.tap)
    await store.receive(\.delegate.success, 42)
    await store.send(.tap)
    await withKnownIssue {
      await store.receive(\.delegate.success, 43)
    } matching: {
      $0.message.hasSuffix(
        """
        Received unexpected action:

          \u{2007} Tapped.delegate(
          −   .success(43)
          +   .success(42)
          \u{2007} )

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func sendingByCaseKeyPath() async {
    let store = TestStore<Int, Tapped>(initialState: 0) {
      Reduce { state, action in
        switch action {
        case .delegate:
          return .none
        case .tap:
          return .send(.delegate(.success(42)))
        case .view(.delete(let offsets)):
          let sum = offsets.reduce(0, +)
          if sum == 42 { state += 1 }
          return .send(.delegate(.success(sum)))
        case .view(.tap):
          state += 1
          return .send(.delegate(.success(42 * 42)))
        }
      }
    }
    await store.send(\.tap)
    await store.receive(\.delegate.success, 42)
    await store.send(\.view.tap) { $0 = 1 }
    await store.receive(\.delegate.success, 42 * 42)
    await store.send(\.view.delete, [0])
    await store.receive(\.delegate.success, 0)
    await store.send(\.view.delete, [19, 23]) { $0 = 2 }
    await store.receive(\.delegate.success, 42)
  }

  @Reducer
  struct Dismissible {
    struct State: Equatable {}
    enum Action { case dismiss, onTask }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .dismiss:
          return .run { [dismiss] _ in await dismiss() }
        case .onTask:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  @Test func dismissingCancelsTheEffectsStillRunning() async {
    let store = TestStore(initialState: Dismissible.State()) { Dismissible() }
    await store.send(.onTask)
    await store.send(.dismiss)
  }

  @Test func sendingToADismissedStoreFails() async {
    let store = TestStore(initialState: Dismissible.State()) { Dismissible() }
    await store.send(.dismiss)
    await withKnownIssue {
      await store.send(.onTask)
    } matching: { $0.message.hasSuffix("Can't send action to dismissed test store.") }
  }
}

@CasePathable
enum Tapped: Equatable {
  case delegate(Delegate)
  case tap
  case view(View)

  @CasePathable
  enum Delegate: Equatable { case success(Int) }

  @CasePathable
  enum View: Equatable {
    case delete(IndexSet)
    case tap
  }
}
