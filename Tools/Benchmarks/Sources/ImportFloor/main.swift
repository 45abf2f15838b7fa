// import-floor: the floor of the app's cold import of a `todos.json`, with no framework.
//
//   import-floor <todos.json> <todos.sqlite>   # decodes the file, then inserts every todo
//                                              # into a new database in one transaction
//   import-floor <todos.json>                  # decodes the file only: the decoded array's
//                                              # peak memory, the floor of the import's
//
// The decoding is the plainest there is: JSONDecoder into an array of a struct of the file's
// fields (for the import, the id as its text; decoded alone, as a `UUID`). The database is made
// with the app's schema (`TodosSchema`) and the connection set as the app sets its own (WAL,
// `synchronous = NORMAL`, statement journals in memory, no automatic checkpoint); the rows go in
// through one prepared statement, each with its position, their words left to read for find
// (`TodosWordIndex.indexLater`), as the app's import leaves them before its first prompt. It
// prints the count and ends once the transaction is committed.
import Foundation
import GRDB
import TodosFeature

/// A todo as `todos.json` holds it, for the import. The id is kept as the file's text, which the
/// database stores: `UUID`'s own decoding parses it with `sscanf`, which alone would double the
/// floor.
struct PlainTodo: Decodable {
  var id: String
  var description: String
  var isComplete: Bool
  var notes: String?
}

/// A todo as a program holds it once decoded, for the decoded array's memory: its id a `UUID`,
/// 16 bytes in place, not 36 characters of text on the heap.
struct ModelTodo: Decodable {
  var id: UUID
  var description: String
  var isComplete: Bool
  var notes: String?
}

let arguments = CommandLine.arguments.dropFirst()
guard let jsonPath = arguments.first, arguments.count <= 2 else {
  FileHandle.standardError.write(Data("usage: import-floor <todos.json> [<todos.sqlite>]\n".utf8))
  exit(2)
}
let data = try Data(contentsOf: URL(fileURLWithPath: jsonPath))
guard let databasePath = arguments.dropFirst().first else {
  let todos = try JSONDecoder().decode([ModelTodo].self, from: data)
  print(todos.count)
  exit(0)
}
let todos = try JSONDecoder().decode([PlainTodo].self, from: data)
var configuration = Configuration()
// NB: No automatic checkpoint, statement journals in memory and `INSERT OR IGNORE`, as the app's
//     connection and its import: SQLite otherwise writes each insert's statement journal to a
//     file, a million rows making millions of writes (`pwrite`) and taking twice as long.
configuration.prepareDatabase { db in
  try db.execute(sql: "PRAGMA synchronous = NORMAL")
  try db.execute(sql: "PRAGMA temp_store = MEMORY")
  try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
}
let database = try DatabasePool(path: databasePath, configuration: configuration)
try TodosSchema.migrator.migrate(database)
try database.write { db in
  let last = try TodosWordIndex.deferIndexing(db)
  let statement = try db.makeStatement(sql: """
    INSERT OR IGNORE INTO "todos" ("id", "description", "isComplete", "notes", "position") VALUES (?, ?, ?, ?, ?)
    """)
  for (offset, todo) in todos.enumerated() {
    try statement.execute(arguments: [todo.id, todo.description, todo.isComplete, todo.notes ?? "", Double(offset)])
  }
  try TodosWordIndex.indexLater(after: last, db)
}
print(todos.count)
// NB: Ends once the transaction is committed, without closing the pool: closing checkpoints the
//     log into the file and syncs it, which the app does off its start, after the first prompt.
exit(0)
