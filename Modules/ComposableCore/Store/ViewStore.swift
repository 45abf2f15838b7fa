/// Observes the part of a ``Store``'s state a view displays, skipping updates that leave it
/// unchanged: the terminal front end's view of a feature.
///
/// ```swift
/// let viewStore = ViewStore(store, observe: \.count)
/// let subscription = viewStore.onChange { print("count:", $0) }
/// viewStore.send(.incrementButtonTapped)   // prints "count: 1"
/// ```
@MainActor
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction> {
  /// The current view state.
  public private(set) var state: ViewState

  private let store: Store<ViewState, ViewAction>?
  private let core: any Core
  private let sendAction: (ViewAction) -> StoreTask
  private var token: Int?
  private var subscribers: [(id: Int, body: @MainActor (ViewState) -> Void)] = []
  private var lastSubscriberID = 0

  /// Observes `toViewState` of `store`'s state, treating two values as the same when
  /// `isDuplicate` says so.
  public init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (ViewState, ViewState) -> Bool
  ) {
    // NB: Read unobserved: a view store is told of changes by the store's send observers, and
    //     an observed read would make every later send announce to the observation registrar.
    self.state = store.withState(toViewState)
    self.store = nil
    self.core = store.core
    self.sendAction = { store.send($0) }
    let core = store.core
    self.token = core.addObserver { [weak self] in
      guard let self else { return }
      let newState = toViewState(core.state)
      guard !isDuplicate(self.state, newState) else { return }
      self.state = newState
      for subscriber in self.subscribers {
        subscriber.body(newState)
      }
    }
  }

  isolated deinit {
    if let token { core.removeObserver(token) }
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

  /// Calls `body` with the new view state each time it changes, until the returned
  /// subscription is cancelled or released.
  public func onChange(_ body: @escaping @MainActor (_ newState: ViewState) -> Void) -> ViewStoreSubscription {
    lastSubscriberID += 1
    let id = lastSubscriberID
    subscribers.append((id, body))
    return ViewStoreSubscription { [weak self] in
      self?.subscribers.removeAll { $0.id == id }
    }
  }
}

extension ViewStore where ViewState: Equatable {
  /// Observes `toViewState` of `store`'s state, skipping equal values.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (State) -> ViewState
  ) {
    self.init(store, observe: toViewState, removeDuplicates: { $0 == $1 })
  }
}

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
