import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// Each word's todos counted in blocks, which find the match at an offset of a find for one word
/// and the offset of a match: a list whose words were read before the blocks is counted at its
/// first open, an import's words are counted as they are read, and a find far down its matches
/// finds what stepping through them finds (`TodoWordBlocksScaleTests`, with thousands of writes,
/// and a list of 100,000 todos).
struct TodoWordBlocksTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A word's blocks, in order: their starts and totals.
  func blocks(_ word: String, _ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: """
      SELECT "start", "total" FROM "todoWordBlocks" WHERE "word" = ? ORDER BY "start"
      """, arguments: [word]).map { ($0[0], $0[1]) }
  }

  @Test func aListWhoseWordsWereReadBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try TemporaryDirectory()
    do {
      let old = try DatabaseQueue(path: directory.file("todos.sqlite").path)
      try TodosSchema.migrator.migrate(old, upTo: TodosSchema.blocksMigration)
      try old.write { db in
        try db.execute(sql: """
          WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 2100)
          INSERT INTO "todos" ("id", "description", "isComplete", "position")
          SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", "i" % 3 = 0, "i" FROM "n"
          """)
      }
      try old.close()
    }
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let todo = try blocks("todo", db)
      #expect(todo.map(\.start) == [0, 1024, 2048])
      #expect(todo.map(\.total) == [1024, 1024, 52])
      #expect(try blocks("7", db).isEmpty)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo", "20"]) == [])
    }
    try opening.close()
  }

  @Test func anImportsWordsAreCountedAsTheyAreRead() throws {
    let database = try todosDatabase(count: 10)
    let rows = try TodosFile.decodeRows(Data(
      ("[" + (0..<2500).map { #"{"id": "\#(UUID(1_000 + $0))", "description": "imported \#($0)", "isComplete": \#($0 % 2 == 0)}"# }
        .joined(separator: ",") + "]").utf8
    ))
    try database.write { db in _ = try TodosImport.insert(rows, db) }
    let (isPending, before) = try database.read { db in
      (try TodosWordIndex.hasPending(db), try blocks("imported", db))
    }
    #expect(isPending)
    #expect(before.isEmpty)
    while try database.write({ db in try TodosWordIndex.indexPending(limit: 700, db) }) > 0 {}
    try database.read { db in
      let imported = try blocks("imported", db)
      #expect(imported.count >= 2)
      #expect(imported.map(\.total).reduce(0, +) == 2500)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["imported", "todo"]) == [])
    }
  }

  @Test func aFindFarDownItsMatchesShowsThePageThatHoldsIt() throws {
    let database = try todosDatabase(count: 5000)
    try database.read { db in
      let window = try TodosWindow(filter: .active, find: TodosFind("todo"), offset: 3_000, size: 20).fetch(db)
      #expect(window.shown == 3333)
      #expect(window.start == 3_000)
      // NB: Every third todo is completed, from "Todo 0": the active todo at 3,000 is "Todo 4501".
      #expect(window.rows.first?.description == "Todo 4501")
      #expect(window.rows.count == 20)
    }
  }
}
