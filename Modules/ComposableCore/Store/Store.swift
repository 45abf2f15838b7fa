import CasePaths
import Dependencies

/// The runtime of a feature: it holds the state, runs the reducer for each action sent to it,
/// and runs the effects the reducer returns.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.numberFact = .live(baseURL: url)
/// }
/// store.send(.incrementButtonTapped)
/// ```
///
/// Scoping gives a child store for a child feature's view; it is a view onto this store, not a
/// copy. Releasing the root store cancels every effect it is running.
@MainActor
public final class Store<State, Action> {
  let core: any Core<State, Action>
  private var children: [ScopeID: AnyObject] = [:]

  /// Creates a store that runs `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the reducer and every effect. The
  ///     dependencies are captured once, here.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let dependencies = withDependencies(prepareDependencies ?? { _ in }) {
      DependencyValues._current
    }
    let (initialState, reducer) = withDependencies {
      $0 = dependencies
    } operation: {
      (initialState(), reducer())
    }
    self.init(
      core: RootCore(initialState: initialState, reducer: reducer, dependencies: dependencies)
    )
  }

  init(core: any Core<State, Action>) {
    self.core = core
  }

  /// The current state.
  public var state: State {
    core.state
  }

  /// Reads the current state.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(core.state)
  }

  /// Sends an action: the reducer runs at once, then the actions its effects send
  /// synchronously, in order. A `send` made while another is being processed is queued.
  ///
  /// - Returns: The tree of asynchronous work the action started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// A store for a child feature: its state is derived from this store's, its actions are
  /// embedded in this store's. The same key paths give the same child store.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let id = ScopeID(state: toChildState, action: toChildAction)
    if let child = children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: ScopedCore(parent: core, toState: toChildState, fromAction: { toChildAction($0) })
    )
    children[id] = child
    return child
  }

  /// The number of running effect tasks and of cancel ids in use, for tests and diagnostics.
  public var _effectCount: (tasks: Int, cancelIDs: Int) {
    core.effectCount
  }
}

/// Identifies a child store by the key paths that scoped it.
private struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}
