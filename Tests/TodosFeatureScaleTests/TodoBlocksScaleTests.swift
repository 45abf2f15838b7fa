import CSQLite
import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// A list of 100,000 todos counted in blocks: the todo at an offset far down it, the page that
/// holds it and the offset of a todo there are each read in a block's worth of SQLite's work,
/// not the list's. The work is counted in the instructions SQLite's virtual machine runs, which
/// stepping through the todos above made grow with the offset (`OFFSET` and `count(*)` step
/// through an index one entry at a time).
struct TodoBlocksScaleTests {
  /// The instructions SQLite runs on `db`'s connection for `body`, counted a hundred at a time.
  func instructions<T>(_ db: Database, _ body: () throws -> T) throws -> (T, Int) {
    let counter = InstructionCounter()
    let connection = try #require(db.sqliteConnection)
    sqlite3_progress_handler(connection, 100, { context in
      Unmanaged<InstructionCounter>.fromOpaque(context!).takeUnretainedValue().hundreds += 1
      return 0
    }, Unmanaged.passUnretained(counter).toOpaque())
    defer { sqlite3_progress_handler(connection, 0, nil, nil) }
    let result = try body()
    return (result, counter.hundreds * 100)
  }

  @Test func aTodoFarDownIsReadInABlocksWorkNotTheList() throws {
    let database = try todosDatabase(count: 100_000)
    try database.read { db in
      let shown = [Filter.all: 100_000, .active: 66_666, .completed: 33_334]
      for filter in Filter.allCases {
        let offset = shown[filter]! - 10
        let ids = try String.fetchAll(db, sql: """
          SELECT "id" FROM "todos" WHERE \(filter == .all ? "1" : "\"isComplete\" = \(filter == .completed ? 1 : 0)")
          ORDER BY "position" LIMIT 1 OFFSET ?
          """, arguments: [offset])
        let far = try #require(ids.first.flatMap(UUID.init(uuidString:)))
        let (positions, work) = try instructions(db) {
          try TodoPositions(filter: filter, offsets: [offset], ids: [far]).fetch(db)
        }
        #expect(positions == TodoPositions.Value(ids: [far], offsets: [offset]))
        let (window, pageWork) = try instructions(db) {
          try TodosWindow(filter: filter, offset: offset, size: 20).fetch(db)
        }
        #expect(window.rows.contains { $0.id == far })
        // NB: Stepping through the todos above took 130,000 to 600,000 instructions for each of
        //     these (the todo and its offset, the page); a pass over the blocks' counts and one
        //     block's todos takes 6,000 to 15,000.
        #expect(work < 20_000, "\(filter): \(work) instructions to read a todo and an offset")
        #expect(pageWork < 20_000, "\(filter): \(pageWork) instructions to read a page")
      }
      let (past, pastWork) = try instructions(db) {
        try TodoPositions(filter: .all, offsets: [100_000, 150_000]).fetch(db)
      }
      #expect(past.ids == [nil, nil])
      #expect(pastWork < 20_000, "\(pastWork) instructions to find nothing past the end")
      #expect(try blockProblems(db, largest: 2048) == [])
    }
  }
}

/// What SQLite's progress handler adds to: the hundreds of instructions run.
private final class InstructionCounter {
  var hundreds = 0
}
