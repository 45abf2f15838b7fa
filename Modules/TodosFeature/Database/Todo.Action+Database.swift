import ComposableCore
import Foundation
import GRDB

extension Todo.Action {
  /// Applies the action to the row of the todo with `id` by ``Todo``'s own rules (a blank
  /// description ignored, text trimmed, a toggle flipping completion), in the transaction of
  /// `db`; nothing when the todo is gone.
  public func apply(toTodo id: Todo.State.ID, _ db: Database) throws {
    guard var todo = try TodoRequest(id: id).fetch(db) else { return }
    let before = todo
    _ = Todo().reduce(into: &todo, action: self)
    guard todo != before else { return }
    try db.cachedStatement(sql: #"UPDATE "todos" SET "description" = ?, "isComplete" = ?, "notes" = ? WHERE "id" = ?"#)
      .execute(arguments: [todo.descriptionUnobserved, todo.isCompleteUnobserved, todo.notesUnobserved, id.uuidString])
  }
}
