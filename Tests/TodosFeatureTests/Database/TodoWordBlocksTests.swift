import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// Each word's todos counted in blocks, which find the match at an offset of a find for one word
/// and the offset of a match: a list whose words were read before the blocks is counted at its
/// first open, the todo that gives a word its first block is counted in it once, and a list
/// counted by the first triggers gets today's (`TodoWordBlocksScaleTests` has an import's words,
/// a page of a find far down, thousands of writes, and a list of 100,000 todos).
struct TodoWordBlocksTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A word's blocks, in order: their starts and totals.
  func blocks(_ word: String, _ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: """
      SELECT "start", "total" FROM "todoWordBlocks" WHERE "word" = ? ORDER BY "start"
      """, arguments: [word]).map { ($0[0], $0[1]) }
  }

  @Test func aListWhoseWordsWereReadBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try listMadeBefore(TodosSchema.blocksMigration, count: 2100)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let todo = try blocks("todo", db)
      #expect(todo.map(\.start) == [-.infinity, 1024, 2048])
      #expect(todo.map(\.total) == [1024, 1024, 52])
      #expect(try blocks("7", db).isEmpty)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo", "20"]) == [])
    }
    try opening.close()
  }

  /// The todo that makes a word's todos more than ``TodoBlocks/counted`` gives it its first
  /// block, which counts that todo once, however many times its description holds the word.
  @Test func theTodoThatGivesAWordItsFirstBlockIsCountedInItOnce() throws {
    let database = try todosDatabase()
    try database.write { db in
      try db.execute(sql: """
        WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < ?)
        INSERT INTO "todos" ("id", "description", "isComplete", "position")
        SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Milk ' || "i", "i" % 3 = 0, "i" FROM "n"
        """, arguments: [TodoBlocks.counted])
      #expect(try blocks("milk", db).isEmpty)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(9_999), description: "Milk, milk and more milk"), db)
      #expect(try blocks("milk", db).map(\.start) == [-.infinity])
      #expect(try blocks("milk", db).map(\.total) == [TodoBlocks.counted + 1])
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["milk"]) == [])
    }
  }

  /// A list counted by the word blocks' first triggers, which gave no trigger a word's first
  /// block, could leave a word's first run starting at a todo and, in their first version,
  /// deleted an emptied first run by a trigger of its own, gets today's triggers at its next
  /// open and its first runs start at minus infinity: a todo added above them is counted.
  @Test func aListCountedByTheFirstTriggersGetsTodaysAtItsNextOpen() throws {
    let directory = try listMadeBefore(TodosSchema.wordBlocksMigration, count: 1100)
    let old = try DatabaseQueue(path: directory.file("todos.sqlite").path)
    try old.write { db in
      try db.execute(sql: """
        DROP TRIGGER "todoWords_first_blocked_before_insert";
        UPDATE "todoWordBlocks" SET "start" = 0 WHERE "start" = -9e999;
        CREATE TRIGGER "todoWordBlocks_emptied" AFTER UPDATE OF "total" ON "todoWordBlocks"
        WHEN NEW."total" = 0 AND NEW."start" = -9e999 BEGIN
          DELETE FROM "todoWordBlocks" WHERE "word" = NEW."word" AND "start" = NEW."start";
        END;
        """)
    }
    try old.close()
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.write { db in
      #expect(try db.triggerExists("todoWords_first_blocked_before_insert"))
      #expect(try !db.triggerExists("todoWordBlocks_emptied"))
      #expect(try blocks("todo", db).first?.start == -.infinity)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(9_999), description: "Todo on top"), db)
      #expect(try blocks("todo", db).map(\.total).reduce(0, +) == 1101)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo", "top"]) == [])
    }
    try opening.close()
  }
}
