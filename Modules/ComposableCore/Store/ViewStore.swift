import Animations

/// Observes the part of a ``Store``'s state a view displays, skipping updates that leave it
/// unchanged: TCA's view store, deprecated as TCA 1.24 deprecates it, and kept so that code
/// ported from before `@ObservableState` compiles unchanged. New code reads the store's state
/// (``Store/state-7w09e``), which `@ObservableState` tracks member by member; the terminal views read
/// it too, and no part of the app uses a view store.
///
/// ```swift
/// let viewStore = ViewStore(store, observe: \.count)
/// let subscription = viewStore.onChange { print("count:", $0) }
/// viewStore.send(.incrementButtonTapped)   // prints "count: 1"
/// ```
@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
@MainActor
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction> {
  /// The current view state.
  public var state: ViewState {
    relay.state
  }

  // NB: The store's observer holds the relay, not the view store: no weak reference, and no
  //     cycle through the store, whose observer the view store removes when it goes.
  @usableFromInline let relay: ViewStoreRelay<ViewState>
  @usableFromInline let sendAction: (ViewAction) -> StoreTask
  @usableFromInline let removeObserver: () -> Void

  /// Observes `toViewState` of `store`'s state, treating two values as the same when
  /// `isDuplicate` says so.
  // NB: Inlinable, so that the observer the store calls after every send is specialized for
  //     the view state's type where the view store is made.
  @inlinable
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// Observes `toViewState` of `store`'s state, treating two values as the same when
  /// `isDuplicate` says so, and sends each view action as the store's action `fromViewAction`
  /// makes of it.
  @inlinable
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    // NB: Read unobserved: a view store is told of changes by the store's send observers, and
    //     an observed read would make every later send announce to the observation registrar.
    let relay = ViewStoreRelay(state: store.withState(toViewState))
    self.relay = relay
    self.sendAction = { store.send(fromViewAction($0)) }
    let token = store.addSendObserver {
      relay.update(to: store.withState(toViewState), isDuplicate: isDuplicate)
    }
    self.removeObserver = { store.removeSendObserver(token) }
  }

  isolated deinit {
    removeObserver()
  }

  /// Reads a property of the view state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    sendAction(action)
  }

  /// Sends an action to the store with an animation (inert off Apple platforms: the action is
  /// sent as ``send(_:)`` sends it).
  @discardableResult
  public func send(_ action: ViewAction, animation: Animation?) -> StoreTask {
    withAnimation(animation) { sendAction(action) }
  }

  /// Sends an action to the store in a transaction (inert off Apple platforms: the action is
  /// sent as ``send(_:)`` sends it).
  @discardableResult
  public func send(_ action: ViewAction, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { sendAction(action) }
  }

  /// Calls `body` with the new view state each time it changes, until the returned
  /// subscription is cancelled or released.
  public func onChange(_ body: @escaping @MainActor (_ newState: ViewState) -> Void) -> ViewStoreSubscription {
    let id = relay.subscribe(body)
    return ViewStoreSubscription { [relay] in
      relay.unsubscribe(id)
    }
  }
}

@available(*, deprecated)
extension ViewStore where ViewState: Equatable {
  /// Observes `toViewState` of `store`'s state, skipping equal values.
  @inlinable
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (State) -> ViewState
  ) {
    self.init(store, observe: toViewState, removeDuplicates: { $0 == $1 })
  }

  /// Observes `toViewState` of `store`'s state, skipping equal values, and sends each view
  /// action as the store's action `fromViewAction` makes of it.
  @inlinable
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 })
  }
}

@available(*, deprecated)
extension ViewStore where ViewState: Sendable {
  /// The current view state, then each change, as an asynchronous sequence that ends when the
  /// iterating task is cancelled.
  public var values: AsyncStream<ViewState> {
    let (stream, continuation) = AsyncStream.makeStream(of: ViewState.self)
    continuation.yield(state)
    let subscription = onChange { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor in subscription.cancel() }
    }
    return stream
  }
}

/// A view store of a whole feature: `ViewStoreOf<Counter>` is
/// `ViewStore<Counter.State, Counter.Action>`. Deprecated, as in TCA.
@available(
  *,
  deprecated,
  message:
    "Use '@ObservableState', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#Using-ObservableState"
)
public typealias ViewStoreOf<R: Reducer> = ViewStore<R.State, R.Action>
