/// What a ``ViewStore`` keeps between sends: the view state, and who to tell when it changes.
/// The store's send observer holds it, so that the view store itself is held by its owner
/// alone.
@MainActor
@usableFromInline
final class ViewStoreRelay<ViewState> {
  // NB: Unchecked for exclusivity: read at every send the store observes. Only the relay and
  //     its view store (which reads `state`) reach them, on the main actor, and no access is
  //     held across a call that could come back here: the duplicate check compares two values,
  //     and the subscribers are told from a copy of the list.
  /// The view state last seen.
  @exclusivity(unchecked) @usableFromInline var state: ViewState
  /// Who is told of each new view state, in the order they subscribed.
  @exclusivity(unchecked) @usableFromInline var subscribers: [ViewStoreSubscriber<ViewState>] = []
  private var lastSubscriberID = 0

  @inlinable
  init(state: ViewState) {
    self.state = state
  }

  /// Keeps `newState` and tells the subscribers, unless it is a duplicate of the state kept.
  @inlinable
  func update(to newState: ViewState, isDuplicate: (ViewState, ViewState) -> Bool) {
    guard !isDuplicate(state, newState) else { return }
    state = newState
    for subscriber in subscribers {
      subscriber.body(newState)
    }
  }

  /// Adds a subscriber; returns its id, for ``unsubscribe(_:)``.
  func subscribe(_ body: @escaping @MainActor (ViewState) -> Void) -> Int {
    lastSubscriberID += 1
    subscribers.append(ViewStoreSubscriber(id: lastSubscriberID, body: body))
    return lastSubscriberID
  }

  /// Removes the subscriber with `id`.
  func unsubscribe(_ id: Int) {
    subscribers.removeAll { $0.id == id }
  }
}
