import Dependencies
import SharingGRDB

/// The todos a filter shows, as a command names them by position: how many there are (from the
/// window's counts), the id at a position and a todo's position — from the window when it holds
/// them, otherwise read from the database, at the cost of a seek to the position.
struct ShownTodos {
  let window: TodosWindow.Value
  let filter: Filter
  var find = TodosFind()

  /// How many todos the filter shows.
  var count: Int { window.shown }

  /// The id of the todo at `offset` among those shown; `nil` when there is none any more (the
  /// list changed since the window was read).
  func id(at offset: Int) -> Todo.State.ID? {
    if let row = window.row(at: offset) { return row.id }
    return Self.positions(TodoPositions(filter: filter, find: find, offsets: [offset]))?.ids.first ?? nil
  }

  /// The offset among those shown of the todo with `id`; `nil` if the filter hides it, or it is
  /// gone.
  func offset(of id: Todo.State.ID) -> Int? {
    if let offset = window.offset(of: id) { return offset }
    return Self.offset(of: id, filter: filter, find: find)
  }

  /// The offset of the todo with `id` among those `filter` shows that `find` matches, read from
  /// the database.
  static func offset(of id: Todo.State.ID, filter: Filter, find: TodosFind = TodosFind()) -> Int? {
    positions(TodoPositions(filter: filter, find: find, ids: [id]))?.offsets.first ?? nil
  }

  private static func positions(_ request: TodoPositions) -> TodoPositions.Value? {
    @Dependency(\.defaultDatabase) var database
    return try? database.read { db in try request.fetch(db) }
  }
}
