/// Where a moved todo lands in the whole list: just before another todo, or just after one.
/// A command names both todos by id, so a move means the same whatever the list shows by then.
public enum MoveDestination: Equatable, Sendable {
  /// Just before the todo with this id.
  case before(Todo.State.ID)
  /// Just after the todo with this id.
  case after(Todo.State.ID)

  /// The todo the moved one lands next to.
  public var anchor: Todo.State.ID {
    switch self {
    case .before(let id), .after(let id): id
    }
  }
}
