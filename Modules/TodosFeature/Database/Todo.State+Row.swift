import Foundation
import GRDB

// A todo is a row of the `todos` table: its id as the canonical UUID string, so the table reads
// the same in `sqlite3` as in `todos.json`.
extension Todo.State: FetchableRecord {
  /// Reads a todo from a row of `todos` (`id`, `description`, `isComplete`, `notes`).
  public init(row: Row) throws {
    let idString: String = row["id"]
    guard let id = UUID(hexString: idString) ?? UUID(uuidString: idString) else {
      throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "todo id \(idString) is not a UUID")
    }
    self.init(id: id, description: row["description"], isComplete: row["isComplete"], notes: row["notes"])
  }
}

extension Todo.State {
  /// The columns a todo's row is read from, in a `SELECT`.
  static let columns = #""id", "description", "isComplete", "notes""#

  /// The statement reading one todo by its id (as stored, text), prepared once per connection:
  /// a change to one todo reads it first, and a found page reads its todos by it.
  static func byID(_ db: Database) throws -> Statement {
    try db.cachedStatement(sql: #"SELECT \#(columns) FROM "todos" WHERE "id" = ?"#)
  }

  /// Inserts the todo at `position`.
  func insert(_ db: Database, position: Double) throws {
    try db.cachedStatement(
      sql: #"INSERT INTO "todos" ("id", "description", "isComplete", "notes", "position") VALUES (?, ?, ?, ?, ?)"#
    ).execute(arguments: [id.uuidString, descriptionUnobserved, isCompleteUnobserved, notesUnobserved, position])
  }
}
