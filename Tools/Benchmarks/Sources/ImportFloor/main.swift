// import-floor: the floor of the app's cold import of a `todos.json`, with no framework.
//
//   import-floor <todos.json> <todos.sqlite>   # decodes the file, then inserts every todo
//                                              # into a new database in one transaction
//   import-floor <todos.json>                  # decodes the file only: the decoded array's
//                                              # peak memory, the floor of the import's
//
// The decoding is the plainest there is: JSONDecoder into an array of a struct of the file's
// fields. The database is made with the app's schema (`TodosSchema`) and the connection set as
// the app sets its own (WAL, `synchronous = NORMAL`); the rows go in through one prepared
// statement, each with its position, as the app's import inserts them. It prints the count.
import Foundation
import GRDB
import TodosFeature

/// A todo as `todos.json` holds it.
struct PlainTodo: Decodable {
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
let todos = try JSONDecoder().decode([PlainTodo].self, from: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
if let databasePath = arguments.dropFirst().first {
  var configuration = Configuration()
  configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
  let database = try DatabasePool(path: databasePath, configuration: configuration)
  try TodosSchema.migrator.migrate(database)
  try database.write { db in
    let statement = try db.makeStatement(sql: """
      INSERT INTO "todos" ("id", "description", "isComplete", "notes", "position") VALUES (?, ?, ?, ?, ?)
      """)
    for (offset, todo) in todos.enumerated() {
      try statement.execute(arguments: [todo.id.uuidString, todo.description, todo.isComplete, todo.notes ?? "", Double(offset)])
    }
  }
  try database.close()
}
print(todos.count)
