import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// The tests' own databases (`todosDatabase(_:)`, `todosDatabase(count:sorted:)`): copies of a
/// list filled once per process, each a database of its own, holding what filling it would, also
/// when tests ask for the same list at once.
struct TodosTestingTests {
  let list = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog", isComplete: true, notes: "Round the park"),
    Todo.State(id: UUID(2), description: "Call mum"),
  ]

  @Test func aListAskedForTwiceIsTwoDatabases() throws {
    let first = try todosDatabase(list)
    let second = try todosDatabase(list)
    try first.write { db in try TodosOrder.delete(UUID(0), db) }
    #expect(try descriptions(first) == ["Walk dog", "Call mum"])
    #expect(try descriptions(second) == ["Buy milk", "Walk dog", "Call mum"])
    #expect(try descriptions(todosDatabase(list)) == ["Buy milk", "Walk dog", "Call mum"])
  }

  @Test func aCopyHoldsWhatFillingTheListWrites() throws {
    let filled = TodosDatabase.inMemory()
    try filled.write { db in
      for todo in list.reversed() { try TodosOrder.insertOnTop(todo, db) }
    }
    _ = try todosDatabase(list)
    let copy = try todosDatabase(list)
    #expect(try contents(copy) == contents(filled))
    #expect(try contents(copy).contains { $0.hasPrefix("todoWordCounts") })
  }

  @Test func aListAskedForByTestsAtOnceIsACopyForEach() async throws {
    let databases = try await withThrowingTaskGroup(of: (any DatabaseWriter).self) { group in
      for _ in 0..<8 { group.addTask { try todosDatabase(count: 30) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (index, database) in databases.enumerated() {
      try await database.write { db in try TodosOrder.delete(UUID(index), db) }
    }
    #expect(
      try databases.map { try descriptions($0) }
        == (0..<8).map { deleted in (0..<30).filter { $0 != deleted }.map { "Todo \($0)" } }
    )
  }

  /// Every row of every table, as text, table by table, each table's rows sorted.
  private func contents(_ database: any DatabaseWriter) throws -> [String] {
    try database.read { db in
      let tables = try String.fetchAll(db, sql: """
        SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "sql" NOT LIKE 'CREATE VIRTUAL%' AND "name" NOT LIKE 'sqlite_%'
        ORDER BY "name"
        """)
      return try tables.flatMap { table in
        try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { "\(table) \($0)" }.sorted()
      }
    }
  }
}
