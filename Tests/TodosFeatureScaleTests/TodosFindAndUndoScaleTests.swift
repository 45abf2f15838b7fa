import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// At 100,000 todos a find's first page and count, and the undo of one change, touch about as
/// many of the database's pages as at 1,000: they read what they find or put back, never the
/// list. Pages are counted, not time measured, as in ``TodosDatabaseScaleTests``.
@Suite(.timeLimit(.minutes(5)))
struct TodosFindAndUndoScaleTests {
  /// Finds a word every todo has and a word one todo has, deletes a todo and undoes it, and
  /// clears the completed todos and undoes that; returns the pages the finds and the one undo
  /// asked for, and what they read.
  static func round(on database: any DatabaseWriter, count: Int) throws -> (pages: Int, every: TodosWindow.Value, one: TodosWindow.Value) {
    try database.write { db in
      try TodosOrder.insertOnTop(Todo.State(id: UUID(count + 1), description: "Descale the kettle"), db)
    }
    return try database.writeWithoutTransaction { db in
      var every = TodosWindow.Value()
      var one = TodosWindow.Value()
      let pages = try TodosDatabaseScaleTests.pagesRequested(by: db) {
        every = try TodosWindow(filter: .all, find: TodosFind("todo"), offset: 0, size: 20).fetch(db)
        one = try TodosWindow(filter: .active, find: TodosFind("KETT"), offset: 0, size: 20).fetch(db)
        try db.inTransaction {
          try TodosHistory.record(in: db) { db in try TodosOrder.delete(UUID(7), db) }
          try TodosHistory.undo(db)
          return .commit
        }
      }
      return (pages, every, one)
    }
  }

  @Test func findAndUndoTouchWhatTheyFindOrPutBack() async throws {
    let (small, large, every, one) = try await offThePool {
      let small = try Self.round(on: todosDatabase(count: 1_000), count: 1_000)
      let large = try Self.round(on: todosDatabase(count: 100_000), count: 100_000)
      return (small.pages, large.pages, large.every, large.one)
    }
    #expect(small > 0)
    #expect(large < small * 3, "pages asked for, 1,000 todos: \(small); 100,000 todos: \(large)")
    #expect(every.shown == 100_000)
    #expect(every.rows.map(\.description) == (0..<20).map { "Todo \($0)" })
    #expect(one.shown == 1)
    #expect(one.rows.map(\.description) == ["Descale the kettle"])
  }

  /// Undoing `clear` of 50,000 completed todos brings every one back, in its place, with its
  /// words found again.
  @Test func undoClearOfFiftyThousand() async throws {
    let (before, cleared, after, found) = try await offThePool {
      let database = try todosDatabase(count: 150_000, sorted: true)
      let before = try descriptions(database)
      try database.write { db in try TodosHistory.record(in: db) { db in try TodosOrder.deleteCompleted(db) } }
      let cleared = try database.read { db in try TodoCounts.fetch(db) }
      _ = try database.write { db in try TodosHistory.undo(db) }
      let found = try database.read { db in
        try TodosWindow(filter: .completed, find: TodosFind("todo"), offset: 0, size: 20).fetch(db).shown
      }
      return (before, cleared, try descriptions(database), found)
    }
    #expect(cleared == TodoCounts(total: 100_000, completed: 0))
    #expect(after == before)
    #expect(found == 50_000)
  }
}
