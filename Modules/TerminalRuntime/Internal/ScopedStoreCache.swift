import ComposableCore

/// The child store a ``ScopedTerminalView`` last scoped to, kept for the parent store it came
/// from. A view reads its child store several times per line (the prompt, the pushed screen,
/// the rendering); scoping again each time hashes two key paths and casts the cached store.
@MainActor
final class ScopedStoreCache<State, Action, ChildState, ChildAction> {
  // NB: Both weak: the parent store keeps its scoped children, so the child lives while the
  //     parent does, and the cache keeps neither alive.
  private weak var parent: Store<State, Action>?
  private weak var child: Store<ChildState, ChildAction>?

  /// The child of `store`, scoped by `scope` the first time.
  func child(
    of store: Store<State, Action>,
    _ scope: (Store<State, Action>) -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if parent === store, let child { return child }
    let child = scope(store)
    self.parent = store
    self.child = child
    return child
  }
}
