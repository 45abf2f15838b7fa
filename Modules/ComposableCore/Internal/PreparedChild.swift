/// A child reducer prepared the first time it runs, then kept.
///
/// NB: Children are prepared lazily because a feature may present a child of its own kind
/// (`.ifLet(\.$child, action: \.child) { Feature() }`): preparing every child up front would
/// never end. Each level is prepared once, when its first action arrives, under the
/// dependencies in force then, as a `body` built for that action would be.
@usableFromInline
final class PreparedChild<State, Action> {
  // NB: Unchecked for exclusivity: `prepared` is read on every action, and neither is accessed
  //     for longer than one statement (`make` is copied out before it runs).
  @exclusivity(unchecked) @usableFromInline var make: (() -> _PreparedReducer<State, Action>)?
  @exclusivity(unchecked) @usableFromInline var prepared: ((inout State, Action) -> Effect<Action>)?

  @inlinable
  init<R: Reducer<State, Action>>(_ reducer: R) {
    make = { reducer._prepare() }
  }

  /// Runs the child for one action, preparing it first if this is its first.
  @inlinable
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let prepared { return prepared(&state, action) }
    let prepared = make!().run
    self.prepared = prepared
    make = nil
    return prepared(&state, action)
  }

  /// The child as a prepared reducer.
  @inlinable
  var reducer: _PreparedReducer<State, Action> {
    _PreparedReducer(reduce)
  }
}
