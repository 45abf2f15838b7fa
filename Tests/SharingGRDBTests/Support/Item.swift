import SharingGRDB
import TemporaryFiles

/// A row of the `items` table the tests read.
struct Item: Codable, Equatable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "items"

  var id: Int64
  var title: String
  var isDone = false
}

/// The `items` table, created and filled with `items`.
func migrate(_ database: some DatabaseWriter, items: [Item] = []) throws {
  try database.write { db in
    try db.create(table: "items") { table in
      table.primaryKey("id", .integer)
      table.column("title", .text).notNull()
      table.column("isDone", .boolean).notNull().defaults(to: false)
    }
    for item in items { try item.insert(db) }
  }
}

/// A new in-memory database holding `items`.
func itemsDatabase(_ items: [Item] = []) throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try migrate(database, items: items)
  return database
}

/// The titles, in order, for short expectations.
extension [Item] {
  var titles: [String] { map(\.title) }
}

/// A database file in a new temporary directory, opened as a pool (WAL mode), its `items` table
/// holding `items`: the directory (removed when released), the file's path and the pool.
func itemsFile(_ items: [Item] = []) throws -> (directory: TemporaryDirectory, path: String, pool: DatabasePool) {
  let directory = try TemporaryDirectory()
  let path = directory.file("items.sqlite").path
  let pool = try DatabasePool(path: path)
  try migrate(pool, items: items)
  return (directory, path, pool)
}
