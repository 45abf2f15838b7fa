import CasePaths
import ChangeTracking
import Dependencies
import Observation

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
/// When the state is `@ObservableState`, read it straight off the store — `store.count` — and a
/// read made inside `withObservationTracking` is told when that property changes, however it
/// changes: a `send`, an effect, another store, a `@Shared` value changed elsewhere.
///
/// Scoping gives a child store for a child feature's view; it is a view onto this store, not a
/// copy. Releasing the root store cancels every effect it is running.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  let core: any Core<State, Action>
  /// Sends an action: a root store's, through the root's send path specialized for the
  /// feature's types where the store was made; a scoped store's, embedded and sent by its parent.
  @usableFromInline let sendToCore: @MainActor (Action) -> StoreTask
  private var children: [ScopeID: AnyObject] = [:]
  /// Whether a child scoped by key paths is kept and given again: a store scoped by closures
  /// (and every store scoped from it) makes a new child at each call, as it cannot tell one
  /// scope from another.
  @usableFromInline let canCacheChildren: Bool

  /// Creates a store that runs `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the reducer and every effect. The
  ///     dependencies are captured once, here.
  // NB: Inlinable, so that the root's send path is specialized for the feature's types where
  //     the store is made.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let dependencies = withDependencies(prepareDependencies ?? { _ in }) {
      DependencyValues._current
    }
    // NB: The reducer's tree is built here, once, under the store's dependencies.
    let (initialState, reducer) = withDependencies {
      $0 = dependencies
    } operation: {
      (initialState(), reducer()._prepare())
    }
    let root = RootCore(
      initialState: initialState, reducer: reducer.run, dependencies: dependencies, identity: RootCore<State, Action>.identityReader()
    )
    self.init(root: root) { root.send($0) }
  }

  /// A root store; `send` is the root's send path, specialized where the store is made.
  @usableFromInline
  init(root: RootCore<State, Action>, send: @escaping @MainActor (Action) -> StoreTask) {
    self.core = root
    self.sendToCore = send
    self.canCacheChildren = true
  }

  /// A scoped store, whose sends go through `send`: the parent store's, embedded.
  init(
    core: any Core<State, Action>, canCacheChildren: Bool,
    send: @escaping @MainActor (Action) -> StoreTask
  ) {
    self.core = core
    self.sendToCore = send
    self.canCacheChildren = canCacheChildren
  }

  /// The current state. The read is observed: inside `withObservationTracking`, a change to
  /// what is then read of it is announced.
  public var state: State {
    core.observedState
  }

  /// Reads the current state, unobserved: the older style, before observable state.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(core.state)
  }

  /// Sends an action: the reducer runs at once, then the actions its effects send
  /// synchronously, in order. A `send` made while another is being processed is queued.
  ///
  /// - Returns: The tree of asynchronous work the action started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendToCore(action)
  }

  /// A store for a child feature: its state is derived from this store's, its actions are
  /// embedded in this store's. The same key paths give the same child store.
  // NB: Inlinable, so that the child's send, which embeds its actions in this store's, is made
  //     where the store is scoped and runs specialized for the feature's types: made here, in
  //     a generic function of this module, it read the enum's payload through generic metadata
  //     on every send, at every level.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    _scope(state: toChildState, action: toChildAction, embeddingWith: Self._embeddingSend)
  }

  /// The child store cached under the key paths, or a new one whose sends `makeSend` makes from
  /// the case key path and this store's send.
  @usableFromInline
  func _scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    embeddingWith makeSend: (
      CaseKeyPath<Action, ChildAction>, @escaping @MainActor (Action) -> StoreTask
    ) -> @MainActor (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction> {
    let id = canCacheChildren ? ScopeID(state: toChildState, action: toChildAction) : nil
    // NB: Equal key paths have equal types: the child cached under them is of this type.
    if let id, let child = children[id] {
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    // NB: The child sends through the parent's send, so a root's specialized path is kept.
    let child = Store<ChildState, ChildAction>(
      core: ScopedCore(parent: core, toState: toChildState), canCacheChildren: canCacheChildren,
      send: makeSend(toChildAction, sendToCore)
    )
    if let id { children[id] = child }
    return child
  }

  /// A child store's send: `send`, this store's, of each of the child's actions embedded by
  /// `toChildAction`.
  // NB: The path is made once per child store: embedding through the case key path itself
  //     would build it again for every action sent. Sends are on the main actor, as the
  //     prepared path requires.
  @inlinable
  static func _embeddingSend<ChildAction>(
    _ toChildAction: CaseKeyPath<Action, ChildAction>,
    _ send: @escaping @MainActor (Action) -> StoreTask
  ) -> @MainActor (ChildAction) -> StoreTask {
    let toChildAction = PreparedCasePath(toChildAction)
    return { send(toChildAction.embed($0)) }
  }

  /// A store for a child feature: `store.scope(\.counter, action: \.counter)`, the spelling of
  /// ``scope(state:action:)->Store<ChildState,ChildAction>`` without its first label.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction)
  }

  /// The child store cached under the key paths while the child is present, or a new one whose
  /// sends `makeSend` makes; `nil`, and nothing cached, while the child is absent.
  @usableFromInline
  func _scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    embeddingWith makeSend: (
      CaseKeyPath<Action, ChildAction>, @escaping @MainActor (Action) -> StoreTask
    ) -> @MainActor (ChildAction) -> StoreTask
  ) -> Store<ChildState, ChildAction>? {
    let id = canCacheChildren ? ScopeID(state: state, action: toChildAction, unwrapped: true) : nil
    guard let childState = core.observedState(at: state) else {
      if let id { children[id] = nil }
      return nil
    }
    if let id, let child = children[id] {
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    let child = Store<ChildState, ChildAction>(
      core: OptionalScopedCore(
        parent: core, initialState: childState, toState: state
      ),
      canCacheChildren: canCacheChildren,
      send: makeSend(toChildAction, sendToCore)
    )
    if let id { children[id] = child }
    return child
  }

  /// Calls `body` on the main actor after each `send` the root store has processed, with the
  /// state settled; returns a token for ``removeSendObserver(_:)``. For front ends that redraw
  /// at the end of a send what observation said changed during it.
  @usableFromInline
  package func addSendObserver(_ body: @escaping @MainActor () -> Void) -> Int {
    core.addObserver(body)
  }

  /// Stops calling a body added with ``addSendObserver(_:)``.
  @usableFromInline
  package func removeSendObserver(_ token: Int) {
    core.removeObserver(token)
  }

  /// Names the root store that processes this store's sends, for `SendProcessing`:
  /// a front end told of a change on any thread learns whether a send of this store made it,
  /// and so whether the send observers (``addSendObserver(_:)``) will follow.
  package var sender: StoreSender {
    StoreSender(processing: core.sendProcessing)
  }

  /// The number of running effect tasks and of cancel ids in use, for tests and diagnostics.
  public var _effectCount: (tasks: Int, cancelIDs: Int) {
    core.effectCount
  }
}

/// Identifies a child store by the key paths that scoped it, and whether they scoped optional
/// state to a store of the state unwrapped.
///
/// NB: The key paths' types fix the child store's type, but for optional state: one path to
///     `Child?` scopes a `Store<Child, …>` through `scope(_:action:)` and a `Store<Child?, …>`
///     through `scope(state:action:)`. `unwrapped` tells the two apart, so a cached child can be
///     cast without a check.
private struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  var unwrapped = false
}

extension Store where State: ObservableState {
  /// Reads a property of the state, observed: `store.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.observedState(at: keyPath)
  }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The store of the case the state is in, to switch over: `switch store.case { case
  /// .edit(let store): … }`.
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}

extension Store: Observable {}

extension Store: Equatable {
  /// Stores are equal when they are the same store.
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }
}

extension Store: Hashable {
  /// Hashes the store's identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Store: Identifiable {}

/// The store of a reducer's domain: `let store: StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
