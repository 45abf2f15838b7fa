import Foundation
import GRDBSQLite
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// At 100,000 todos nothing a command does reads the whole list: the same commands touch about
/// as many of the database's pages as at 1,000 todos (a B-tree seek is a few pages deeper; an
/// O(n) path would touch a hundred times more). Pages are counted, not time measured: the count
/// is the same on a busy machine as on an idle one.
@Suite(.timeLimit(.minutes(5)))
struct TodosDatabaseScaleTests {
  /// One round of every command's writes, and the window's reads, on `database`, whose todos
  /// are numbered from 0 to `count`; returns the pages it asked SQLite's page cache for.
  static func round(_ round: Int, on database: any DatabaseWriter, count: Int) throws -> Int {
    let added = UUID(count + round)
    return try database.writeWithoutTransaction { db in
      try pagesRequested(by: db) {
        try db.inTransaction {
          try TodosOrder.insertOnTop(Todo.State(id: added, description: "New \(round)"), db)
          try Todo.Action.toggleCompleted.apply(toTodo: added, db)
          try TodosOrder.sortCompleted(db)
          try TodosOrder.move(UUID(round), to: .before(added), db)
          try Todo.Action.descriptionChanged("Edited \(round)").apply(toTodo: UUID(round), db)
          try TodosOrder.delete(added, db)
          return .commit
        }
        _ = try TodosWindow(filter: .all, offset: 0, size: 20).fetch(db)
        _ = try TodosWindow(filter: .active, offset: 0, size: 20).fetch(db)
      }
    }
  }

  /// The pages `work` asked the page cache of `db`'s connection for, found there or not.
  static func pagesRequested(by db: Database, _ work: () throws -> Void) throws -> Int {
    func count(_ status: Int32) -> Int32 {
      var current: Int32 = 0
      var highest: Int32 = 0
      sqlite3_db_status(db.sqliteConnection, status, &current, &highest, 1)
      return current
    }
    _ = (count(SQLITE_DBSTATUS_CACHE_HIT), count(SQLITE_DBSTATUS_CACHE_MISS))
    try work()
    return Int(count(SQLITE_DBSTATUS_CACHE_HIT) + count(SQLITE_DBSTATUS_CACHE_MISS))
  }

  @Test func eachCommandTouchesThePageNotTheList() async throws {
    let (small, large, positions, window) = try await offThePool {
      let smallDatabase = try todosDatabase(count: 1_000, sorted: true)
      let largeDatabase = try todosDatabase(count: 100_000, sorted: true)
      var (small, large) = (0, 0)
      for index in 0..<20 {
        small += try Self.round(index, on: smallDatabase, count: 1_000)
        large += try Self.round(index, on: largeDatabase, count: 100_000)
      }
      // NB: the todo at 95,000 is named with one seek, its position read back with a count,
      //     and the window around it read with another seek.
      let (positions, window) = try largeDatabase.read { db in
        let id = try TodoPositions(filter: .all, offsets: [94_999]).fetch(db).ids[0]
        return (
          try TodoPositions(filter: .all, offsets: [94_999], ids: id.map { [$0] } ?? []).fetch(db),
          try TodosWindow(filter: .all, offset: 94_999, size: 20).fetch(db)
        )
      }
      return (small, large, positions, window)
    }
    #expect(small > 0)
    #expect(large < small * 3, "pages asked for, 1,000 todos: \(small); 100,000 todos: \(large)")
    #expect(window.counts.total == 100_000)
    #expect(positions.ids.count == 1)
    #expect(positions.offsets == [94_999])
    #expect(window.row(at: 94_999)?.id == positions.ids[0])
  }
}
