import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// The list counted in blocks, which finds the todo at an offset and the offset of a todo, over
/// lists longer than a block: thousands of writes of every kind keep the blocks counting the
/// list, cut when they grow and joined when they shrink; a list made before the blocks is counted
/// at its first open, and an import counts its todos into blocks of their own below the list; in
/// a list of 100,000 todos the todo at an offset far down it, the page that holds it and the
/// offset of a todo there are each read in a block's worth of SQLite's work, not the list's. The
/// work is counted in the instructions SQLite's virtual machine runs, which stepping through the
/// todos above made grow with the offset (`OFFSET` and `count(*)` step through an index one
/// entry at a time).
struct TodoBlocksScaleTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The blocks, in order: their starts and totals.
  func blocks(_ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: #"SELECT "start", "total" FROM "todoBlocks" ORDER BY "start""#).map { ($0[0], $0[1]) }
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
    func count() throws -> Int { try database.read { db in try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todoBlocks""#)! } }
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

  @Test func aTodoFarDownIsReadInABlocksWorkNotTheList() throws {
    let database = try todosDatabase(count: 100_000)
    try database.read { db in
      let shown = [Filter.all: 100_000, .active: 66_666, .completed: 33_334]
      for filter in Filter.allCases {
        let offset = shown[filter]! - 10
        let ids = try String.fetchAll(db, sql: """
          SELECT "id" FROM "todos" WHERE \(filter.sqlCondition) ORDER BY "position" LIMIT 1 OFFSET ?
          """, arguments: [offset])
        let far = try #require(ids.first.flatMap(UUID.init(uuidString:)))
        let (positions, work) = try sqliteInstructions(db) {
          try TodoPositions(filter: filter, offsets: [offset], ids: [far]).fetch(db)
        }
        #expect(positions == TodoPositions.Value(ids: [far], offsets: [offset]))
        let (window, pageWork) = try sqliteInstructions(db) {
          try TodosWindow(filter: filter, offset: offset, size: 20).fetch(db)
        }
        #expect(window.rows.contains { $0.id == far })
        // NB: Stepping through the todos above took 130,000 to 600,000 instructions for each of
        //     these (the todo and its offset, the page); a pass over the blocks' counts and one
        //     block's todos takes 6,000 to 15,000.
        #expect(work < 20_000, "\(filter): \(work) instructions to read a todo and an offset")
        #expect(pageWork < 20_000, "\(filter): \(pageWork) instructions to read a page")
      }
      let (past, pastWork) = try sqliteInstructions(db) {
        try TodoPositions(filter: .all, offsets: [100_000, 150_000]).fetch(db)
      }
      #expect(past.ids == [nil, nil])
      #expect(pastWork < 20_000, "\(pastWork) instructions to find nothing past the end")
      #expect(try blockProblems(db, largest: TodoBlocks.largest) == [])
    }
  }

  @Test func aListMadeBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try listMadeBefore("Keep history for undo", count: 2100)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 0, 1024, 2048])
      #expect(blocks.map(\.total) == [0, 1024, 1024, 52])
      #expect(try blockProblems(db, largest: TodoBlocks.largest, samples: 12) == [])
    }
    try opening.close()
  }

  @Test func anImportCountsItsTodosIntoBlocksOfTheirOwnBelowTheList() throws {
    let database = try todosDatabase(count: 10)
    let rows = try TodosFile.decodeRows(Data(
      ("[" + (0..<1100).map { #"{"id": "\#(UUID(1_000 + $0))", "description": "imported \#($0)", "isComplete": \#($0 % 2 == 0)}"# }
        .joined(separator: ",") + "]").utf8
    ))
    let inserted = try database.write { db in try TodosImport.insert(rows, db) }
    #expect(inserted == 1100)
    try database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 10, 1034])
      #expect(blocks.map(\.total) == [10, 1024, 76])
      #expect(try blockProblems(db, largest: TodoBlocks.largest, samples: 12) == [])
    }
  }
}
