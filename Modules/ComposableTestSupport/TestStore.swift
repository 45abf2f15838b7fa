import ComposableCore
import Dependencies
import IssueReporting
import Persistence

/// Tests a feature step by step: each action sent, each action received from an effect, and
/// the state after each, with a readable diff when reality differs from the test.
///
/// ```swift
/// @MainActor
/// struct CounterTests {
///   @Test func increment() async {
///     let store = TestStore(initialState: Counter.State()) { Counter() }
///     await store.send(.incrementButtonTapped) { $0.count = 1 }
///   }
/// }
/// ```
///
/// By default the test is exhaustive (``Exhaustivity/on``): every state change must be
/// asserted, every received action handled, and every effect finished by the end of the test.
///
/// While a test store lives, tasks run serially on the main executor, as with the Composable
/// Architecture's `TestStore`: an effect reaches its first suspension point (a clock's `sleep`)
/// before the test advances a `TestClock`, so tests are deterministic.
///
/// Changes a reducer makes to `@Shared` state are asserted like any other, by mutating the
/// shared value in the trailing closure: `await store.send(.increment) { $0.$count.withLock { $0 = 1 } }`.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)`` and ``finish(timeout:fileID:file:line:column:)``
  /// wait by default; one second.
  ///
  /// A wait whose timeout ends with effects still running lets the work queued by then have its
  /// turns on the executors before it fails the test, so an effect that was ready to go on but
  /// waited behind other tests' work (a suite running in parallel on few cores) is not reported.
  public var timeout: Duration = .seconds(1)

  /// The state as of the last assertion.
  public private(set) var state: State

  /// Whether the feature dismissed itself with `@Dependency(\.dismiss)`; a dismissed store
  /// takes no more actions.
  public var isDismissed: Bool {
    recorder.isDismissed
  }

  let recorder: TestRecorder<State, Action>
  let sharedChangeTracker = SharedChangeTracker()
  let store: Store<State, TestAction<Action>>
  let location: SourceLocation

  /// Creates a test store that runs `reducer` from `initialState`.
  ///
  /// Under test, every dependency the feature uses must be overridden in
  /// `prepareDependencies` or it fails the test when used (swift-dependencies' `testValue`).
  /// The initial state is made with those dependencies.
  ///
  /// As in TCA, `reducer` is a plain closure, not a `ReducerBuilder`: a builder here makes the
  /// type checker's work harder for every test store, and literal states (`[]`, `0`) or
  /// `.init()` then fail to infer. To compose several reducers, wrap them in
  /// `CombineReducers`.
  public init(
    initialState: @autoclosure () -> State,
    reducer: () -> some Reducer<State, Action>,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // NB: Stack element ids start from 0 in every test store, so a test can name them.
    let dependencies = Dependencies.withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      DependencyValues._current
    }
    let (initialState, reducer) = Dependencies.withDependencies {
      $0 = dependencies
    } operation: {
      // NB: The reducer's tree is built once, as a store builds it.
      (initialState(), reducer()._prepare())
    }
    MainSerialExecutorLease.acquire()
    let recorder = TestRecorder<State, Action>(dependencies: dependencies)
    let sharedChangeTracker = self.sharedChangeTracker
    self.state = initialState
    self.recorder = recorder
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.store = Store(initialState: initialState) {
      TestReducer(base: reducer, recorder: recorder, sharedChangeTracker: sharedChangeTracker)
    } withDependencies: {
      $0 = dependencies
    }
  }

  deinit {
    // NB: A test releases its store on the main actor, at the end of the test.
    MainActor.assumeIsolated { self.completed() }
    MainSerialExecutorLease.release()
  }

  /// Whether tasks run serially on the main executor, as they do while a test store lives.
  ///
  /// A test store turns it on when made, and the setting from before the first test store alive
  /// comes back when the last goes. Set it to `false` for a test whose effects must run
  /// concurrently.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }

  /// The dependencies the feature runs with. Changing them affects the actions sent after.
  public var dependencies: DependencyValues {
    get { recorder.dependencies }
    set { recorder.dependencies = newValue }
  }

  /// Runs `operation` with the store's dependencies changed by `updateValuesForOperation`,
  /// then restores them: the actions sent and received in `operation` see the changes.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.numberFact.fetch = { _, _ in throw ServerDown() }
  /// } operation: {
  ///   await store.send(.factButtonTapped) { $0.isRequestInFlight = true }
  /// }
  /// ```
  @discardableResult
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try updateValuesForOperation(&dependencies)
    return try operation()
  }

  /// Runs `operation` with the store's dependencies changed by `updateValuesForOperation`,
  /// then restores them.
  @discardableResult
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () async throws -> sending R
  ) async rethrows -> R {
    let previous = dependencies
    defer { dependencies = previous }
    try updateValuesForOperation(&dependencies)
    return try await operation()
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    return try await operation()
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    return try operation()
  }

  func advanceState(to newState: State) {
    state = newState
  }
}

/// A test store of a reducer's state and actions: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
