import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// The list counted in blocks, which finds the todo at an offset and the offset of a todo: a
/// list made before the blocks is counted at its first open, an import counts its todos into
/// blocks of their own, and every kind of write keeps the blocks counting the list, cut when
/// they grow and joined when they shrink. A list of 100,000 todos is in `TodoBlocksScaleTests`.
struct TodoBlocksTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The blocks, in order: their starts and totals.
  func blocks(_ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: #"SELECT "start", "total" FROM "todoBlocks" ORDER BY "start""#).map { ($0[0], $0[1]) }
  }

  @Test func aListMadeBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try TemporaryDirectory()
    do {
      let old = try DatabaseQueue(path: directory.file("todos.sqlite").path)
      try TodosSchema.migrator.migrate(old, upTo: "Keep history for undo")
      try old.write { db in
        try db.execute(sql: """
          WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 3000)
          INSERT INTO "todos" ("id", "description", "isComplete", "position")
          SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", "i" % 3 = 0, "i" FROM "n"
          """)
      }
      try old.close()
    }
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 0, 1024, 2048])
      #expect(blocks.map(\.total) == [0, 1024, 1024, 952])
      #expect(try blockProblems(db, largest: TodoBlocks.largest) == [])
    }
    try opening.close()
  }

  @Test func anImportCountsItsTodosIntoBlocksOfTheirOwnBelowTheList() throws {
    let database = try todosDatabase(count: 10)
    let rows = try TodosFile.decodeRows(Data(
      ("[" + (0..<2500).map { #"{"id": "\#(UUID(1_000 + $0))", "description": "imported \#($0)", "isComplete": \#($0 % 2 == 0)}"# }
        .joined(separator: ",") + "]").utf8
    ))
    let inserted = try database.write { db in try TodosImport.insert(rows, db) }
    #expect(inserted == 2500)
    try database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 10, 1034, 2058])
      #expect(blocks.map(\.total) == [10, 1024, 1024, 452])
      #expect(try blockProblems(db, largest: TodoBlocks.largest) == [])
    }
  }

  /// Writes of every kind over a list of 2,200 todos, checked after each kind: todos added on
  /// top (the first block cut), deleted all over the list and a run of them at once (blocks
  /// emptied and joined), moved anywhere, completed, sorted, cleared, undone and redone.
  @Test func everyKindOfWriteKeepsTheBlocksCountingTheList() throws {
    let database = try todosDatabase(count: 2200)
    // NB: Todos picked all over the list, the same ones at every run.
    var picks = 0
    func ids(_ db: Database) throws -> [String] {
      try String.fetchAll(db, sql: #"SELECT "id" FROM "todos" ORDER BY "position""#)
    }
    func pick(_ ids: [String]) -> UUID {
      picks += 1
      return UUID(uuidString: ids[(picks * 7_919 + picks * picks) % ids.count])!
    }
    func check(_ step: String) throws {
      let problems = try database.read { db in try blockProblems(db, largest: TodoBlocks.largest, samples: 12) }
      #expect(problems.isEmpty, "after \(step): \(problems.prefix(5))")
    }
    func count() throws -> Int { try database.read { db in try blocks(db).count } }
    try check("making the list")
    let made = try count()
    try database.write { db in
      for index in 0..<2100 {
        try TodosOrder.insertOnTop(Todo.State(id: UUID(10_000 + index), description: "on top \(index)"), db)
      }
    }
    try check("adding on top")
    let added = try count()
    #expect(made >= 2 && added > made)
    try database.write { db in
      for _ in 0..<300 { try TodosOrder.delete(pick(try ids(db)), db) }
      for id in try ids(db)[1000..<2900] { try TodosOrder.delete(UUID(uuidString: id)!, db) }
    }
    try check("deleting")
    #expect(try count() < added)
    try database.write { db in
      let ids = try ids(db)
      for _ in 0..<300 {
        try TodosOrder.move(pick(ids), to: picks % 2 == 0 ? .before(pick(ids)) : .after(pick(ids)), db)
      }
    }
    try check("moving")
    try database.write { db in
      let ids = try ids(db)
      for _ in 0..<300 {
        try db.execute(
          sql: #"UPDATE "todos" SET "isComplete" = 1 - "isComplete" WHERE "id" = ?"#,
          arguments: [pick(ids).uuidString]
        )
      }
      try TodosOrder.sortCompleted(db)
    }
    try check("completing and sorting")
    try database.write { db in try TodosHistory.record(in: db) { db in try TodosOrder.deleteCompleted(db) } }
    try check("clearing the completed todos")
    #expect(try database.write { db in try TodosHistory.undo(db) })
    try check("undoing the clear")
    #expect(try database.write { db in try TodosHistory.redo(db) })
    try check("redoing it")
  }
}
