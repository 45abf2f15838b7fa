// What the todos' tests (`TodosFeatureTests`) and their scale tier (`TodosFeatureScaleTests`)
// both use: databases of a given list, the order shown, work kept off the cooperative pool.

import Foundation
import SharingGRDB
import TodosFeature

/// A fresh in-memory todos database holding `todos`, in order.
public func todosDatabase(_ todos: [Todo.State] = []) throws -> any DatabaseWriter {
  let database = TodosDatabase.inMemory()
  try database.write { db in
    for todo in todos.reversed() { try TodosOrder.insertOnTop(todo, db) }
  }
  return database
}

/// A fresh in-memory todos database holding `count` todos, `Todo 0` on top, every third one
/// completed (or, `sorted`, the last third); inserted in one statement.
public func todosDatabase(count: Int, sorted: Bool = false) throws -> any DatabaseWriter {
  let database = TodosDatabase.inMemory()
  try database.write { db in
    // NB: the words of so many todos are indexed for find together, as an import does.
    let last = try TodosWordIndex.deferIndexing(db)
    try db.execute(sql: """
      WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < ?)
      INSERT INTO "todos" ("id", "description", "isComplete", "position")
      SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i",
        CASE WHEN ? THEN "i" * 3 >= ? * 2 ELSE "i" % 3 = 0 END, "i"
      FROM "n"
      """, arguments: [count, sorted, count])
    try TodosWordIndex.indexRows(after: last, db)
  }
  return database
}

/// The descriptions in the order shown.
public func descriptions(_ database: any DatabaseWriter, filter: Filter = .all) throws -> [String] {
  try database.read { db in
    try TodosWindow(filter: filter, offset: 0, size: 1, isWhole: true).fetch(db).rows.map(\.description)
  }
}

/// Runs `work` on a thread of its own and awaits it: a test that keeps a CPU busy for seconds
/// does it off the cooperative pool, so the tests running beside it still get its threads.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try work() })
    }
  }
}
