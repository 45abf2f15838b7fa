import IdentifiedCollections

extension IdentifiedArrayOf<Todo.State> {
  /// Moves the todo with `id` to `destination`; nothing when either todo is gone, or when it is
  /// to land next to itself.
  mutating func move(id: Todo.State.ID, to destination: MoveDestination) {
    guard id != destination.anchor, index(id: destination.anchor) != nil, let todo = remove(id: id) else { return }
    // NB: the anchor is still there: only the moved todo was removed.
    let anchor = index(id: destination.anchor)!
    switch destination {
    case .before: insert(todo, at: anchor)
    case .after: insert(todo, at: anchor + 1)
    }
  }
}
