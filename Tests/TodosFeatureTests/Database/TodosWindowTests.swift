import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// The window a screen shows and the positions a command names, read from the database: the
/// counts from their table, the page holding the offset, clamped to the list as it is.
struct TodosWindowTests {
  @Test func aWindowHoldsThePageOfItsOffsetAndTheCounts() throws {
    let database = try todosDatabase(count: 1_000)
    let window = try database.read { try TodosWindow(filter: .all, offset: 507, size: 20).fetch($0) }
    #expect(window.counts == TodoCounts(total: 1_000, completed: 334))
    #expect(window.shown == 1_000)
    #expect(window.start == 500)
    #expect(window.rows.count == 20)
    #expect(window.row(at: 507)?.description == "Todo 507")
    #expect(window.row(at: 499) == nil)
    #expect(window.row(at: 520) == nil)
    #expect(window.offset(of: UUID(500)) == 500)
    let tall = try database.read { try TodosWindow(filter: .all, offset: 507, size: 300).fetch($0) }
    #expect(tall.start == 300)
    #expect(tall.rows.count == 300)
  }

  @Test func aFilteredWindowCountsWhatItShows() throws {
    let database = try todosDatabase(count: 10)
    let completed = try database.read { try TodosWindow(filter: .completed, offset: 0, size: 20).fetch($0) }
    #expect(completed.shown == 4)
    #expect(completed.rows.map(\.description) == ["Todo 0", "Todo 3", "Todo 6", "Todo 9"])
    let active = try database.read { try TodosWindow(filter: .active, offset: 0, size: 20).fetch($0) }
    #expect(active.shown == 6)
    #expect(active.rows.first?.description == "Todo 1")
  }

  @Test func anOffsetPastTheEndReadsTheLastPage() throws {
    let database = try todosDatabase(count: 5)
    let window = try database.read { try TodosWindow(filter: .all, offset: 99, size: 20).fetch($0) }
    #expect(window.start == 0)
    #expect(window.rows.count == 5)
    let last = try database.read { try TodosWindow(filter: .all, offset: 99, size: 2).fetch($0) }
    #expect(last.start == 4)
    #expect(last.rows.map(\.description) == ["Todo 4"])
    let none = try todosDatabase()
    #expect(try none.read { try TodosWindow(filter: .all, offset: 3, size: 20).fetch($0) } == TodosWindow.Value())
  }

  @Test func positionsResolveToIdsAndBack() throws {
    let database = try todosDatabase(count: 10)
    let all = try database.read {
      try TodoPositions(filter: .all, offsets: [0, 9, 10, -1], ids: [UUID(9), UUID(77)]).fetch($0)
    }
    #expect(all.ids == [UUID(0), UUID(9), nil, nil])
    #expect(all.offsets == [9, nil])
    let active = try database.read {
      try TodoPositions(filter: .active, offsets: [0, 1], ids: [UUID(2), UUID(3)]).fetch($0)
    }
    #expect(active.ids == [UUID(1), UUID(2)])
    #expect(active.offsets == [1, nil])
  }
}
