import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// Each word's todos counted in blocks, which find the match at an offset of a find for one word
/// and the offset of a match, over words held by more todos than a block counts: an import's
/// words counted as they are read, a page of a find far down its matches, and thousands of
/// writes of every kind keep the blocks counting the todos holding each word; a first run
/// emptied gives its start to the next; many todos' words read at once are counted into their
/// runs at a seek and an update each; a list whose words were read before the blocks is counted
/// at its first open, the todo that gives a word its first block is counted in it once, and a
/// list counted by the first triggers gets today's; in a list of 100,000 todos that all hold a
/// word, the match of its find at an offset far down, the page that holds it and the offset of a
/// match there are each read in a block's worth of SQLite's work, not the matches'. The work is
/// counted in the instructions SQLite's virtual machine runs, as `TodoBlocksScaleTests` counts
/// it.
struct TodoWordBlocksScaleTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A word's blocks, in order: their starts and totals.
  func blocks(_ word: String, _ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: """
      SELECT "start", "total" FROM "todoWordBlocks" WHERE "word" = ? ORDER BY "start"
      """, arguments: [word]).map { ($0[0], $0[1]) }
  }

  /// Writes of every kind over a list of 2,200 todos that all hold "todo", checked after each
  /// kind: todos added on top holding two words of their own (their blocks cut), deleted all over
  /// the list and a run of them at once (blocks emptied and joined), moved anywhere, completed,
  /// sorted, edited to hold other words, cleared, undone and redone.
  @Test func everyKindOfWriteKeepsTheWordBlocksCountingTheirTodos() throws {
    let database = try todosDatabase(count: 2200)
    var picks = 0
    func ids(_ db: Database) throws -> [String] {
      try String.fetchAll(db, sql: #"SELECT "id" FROM "todos" ORDER BY "position""#)
    }
    func pick(_ ids: [String]) -> UUID {
      picks += 1
      return UUID(uuidString: ids[(picks * 7_919 + picks * picks) % ids.count])!
    }
    func check(_ step: String) throws {
      let problems = try database.read { db in
        try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo", "top", "milk"])
      }
      #expect(problems.isEmpty, "after \(step): \(problems.prefix(5))")
    }
    func blocks(_ word: String) throws -> Int {
      try database.read { db in
        try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todoWordBlocks" WHERE "word" = ?"#, arguments: [word])!
      }
    }
    try check("making the list")
    #expect(try blocks("todo") >= 2)
    try database.write { db in
      for index in 0..<2100 {
        try TodosOrder.insertOnTop(Todo.State(id: UUID(10_000 + index), description: "On top, \(index)"), db)
      }
    }
    try check("adding on top")
    let added = try blocks("top")
    #expect(added >= 2)
    try database.write { db in
      for _ in 0..<300 { try TodosOrder.delete(pick(try ids(db)), db) }
      for id in try ids(db)[500..<2400] { try TodosOrder.delete(UUID(uuidString: id)!, db) }
    }
    try check("deleting")
    #expect(try blocks("top") < added)
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
    try database.write { db in
      let ids = try ids(db)
      for (index, id) in ids.enumerated() where index % 3 == 1 {
        try db.execute(
          sql: #"UPDATE "todos" SET "description" = ? WHERE "id" = ?"#,
          arguments: [index % 2 == 0 ? "Buy milk \(index)" : "Milk, todo \(index)", id]
        )
      }
    }
    try check("editing")
    try database.write { db in try TodosHistory.record(in: db) { db in try TodosOrder.deleteCompleted(db) } }
    try check("clearing the completed todos")
    #expect(try database.write { db in try TodosHistory.undo(db) })
    try check("undoing the clear")
    #expect(try database.write { db in try TodosHistory.redo(db) })
    try check("redoing it")
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

  @Test func aMatchFarDownIsReadInABlocksWorkNotTheMatches() throws {
    let database = try todosDatabase(count: 100_000)
    let find = TodosFind("todo")
    try database.read { db in
      let shown = [Filter.all: 100_000, .active: 66_666, .completed: 33_334]
      for filter in Filter.allCases {
        let offset = shown[filter]! - 10
        let ids = try String.fetchAll(db, sql: """
          SELECT "id" FROM "todos" WHERE \(filter.sqlCondition) ORDER BY "position" LIMIT 1 OFFSET ?
          """, arguments: [offset])
        let far = try #require(ids.first.flatMap(UUID.init(uuidString:)))
        let (positions, work) = try sqliteInstructions(db) {
          try TodoPositions(filter: filter, find: find, offsets: [offset], ids: [far]).fetch(db)
        }
        #expect(positions == TodoPositions.Value(ids: [far], offsets: [offset]))
        let (window, pageWork) = try sqliteInstructions(db) {
          try TodosWindow(filter: filter, find: find, offset: offset, size: 20).fetch(db)
        }
        #expect(window.shown == shown[filter]!)
        #expect(window.rows.contains { $0.id == far })
        // NB: Stepping through the matches above took 100,000 to 7,300,000 instructions for each
        //     of these; a pass over the word's blocks and one block's matches takes 2,500 to
        //     30,000 (the most for every todo shown, where a block's two ranges are merged).
        #expect(work < 40_000, "\(filter): \(work) instructions to read a match and an offset")
        #expect(pageWork < 40_000, "\(filter): \(pageWork) instructions to read a page of matches")
      }
      let (past, pastWork) = try sqliteInstructions(db) {
        try TodoPositions(filter: .all, find: find, offsets: [100_000, 150_000]).fetch(db)
      }
      #expect(past.ids == [nil, nil])
      #expect(pastWork < 40_000, "\(pastWork) instructions to find nothing past the end")
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo"]) == [])
    }
  }

  /// A word's first run emptied while others remain gives its start, minus infinity, to the run
  /// after it, which then counts a todo added above every other.
  @Test func aFirstRunEmptiedGivesItsStartToTheRunAfterIt() throws {
    let database = try todosDatabase(count: 2100)
    try database.write { db in
      let before = try blocks("todo", db)
      #expect(before.count >= 2)
      try db.execute(sql: #"DELETE FROM "todos" WHERE "position" < ?"#, arguments: [before[1].start])
      let after = try blocks("todo", db)
      #expect(after.count == before.count - 1)
      #expect(after.first?.start == -.infinity)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(9_999), description: "Todo on top"), db)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo"]) == [])
    }
  }

  /// Reading the words of many todos at once counts each into its word's run by a seek and an
  /// update: 2,000 todos added to a list of 2,000 that all hold "todo", their words read
  /// together, cost SQLite 341 instructions a todo (423 while an upsert that read the blocks
  /// found the run, filling a temporary table each time).
  @Test func manyTodosWordsAreCountedIntoTheirRunsByASeekAndAnUpdateEach() throws {
    let database = try todosDatabase(count: 2000)
    try database.write { db in
      let last = try TodosWordIndex.deferIndexing(db)
      try db.execute(sql: """
        WITH RECURSIVE "n"("i") AS (SELECT 2000 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 4000)
        INSERT INTO "todos" ("id", "description", "isComplete", "position")
        SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", "i" % 3 = 0, "i" FROM "n"
        """)
      let (_, work) = try sqliteInstructions(db) { try TodosWordIndex.indexRows(after: last, db) }
      #expect(work / 2000 < 380, "\(work / 2000) instructions a todo")
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo"]) == [])
    }
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
