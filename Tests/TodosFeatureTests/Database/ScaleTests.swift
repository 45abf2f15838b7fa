import Foundation
import SharingGRDB
import Testing
import TodosFeature

/// At 100,000 todos nothing a command does reads the whole list: the same commands cost about
/// what they cost at 1,000 todos. (Were one of them O(n), it would cost a hundred times more.)
@Suite(.timeLimit(.minutes(1)))
struct TodosDatabaseScaleTests {
  /// One round of every command's writes, and the window's reads, on `database`, whose todos
  /// are numbered from 0 to `count`.
  static func round(_ round: Int, on database: any DatabaseWriter, count: Int) throws -> Duration {
    let start = ContinuousClock.now
    let added = UUID(count + round)
    try database.write { db in
      try TodosOrder.insertOnTop(Todo.State(id: added, description: "New \(round)"), db)
      try Todo.Action.toggleCompleted.apply(toTodo: added, db)
      try TodosOrder.sortCompleted(db)
      try TodosOrder.move(UUID(round), to: .before(added), db)
      try Todo.Action.descriptionChanged("Edited \(round)").apply(toTodo: UUID(round), db)
      try TodosOrder.delete(added, db)
    }
    _ = try database.read { try TodosWindow(filter: .all, offset: 0).fetch($0) }
    _ = try database.read { try TodosWindow(filter: .active, offset: 0).fetch($0) }
    return ContinuousClock.now - start
  }

  @Test func eachCommandCostsThePageNotTheList() async throws {
    let (small, large, positions, window) = try await offThePool {
      let smallDatabase = try todosDatabase(count: 1_000, sorted: true)
      let largeDatabase = try todosDatabase(count: 100_000, sorted: true)
      // NB: the rounds alternate, so whatever else the machine does weighs on both sizes alike.
      var (small, large) = (Duration.zero, Duration.zero)
      for index in 0..<100 {
        small += try Self.round(index, on: smallDatabase, count: 1_000)
        large += try Self.round(index, on: largeDatabase, count: 100_000)
      }
      // NB: the todo at 95,000 is named with one seek, its position read back with a count,
      //     and the window around it read with another seek.
      let (positions, window) = try largeDatabase.read { db in
        let id = try TodoPositions(filter: .all, offsets: [94_999]).fetch(db).ids[0]
        return (
          try TodoPositions(filter: .all, offsets: [94_999], ids: id.map { [$0] } ?? []).fetch(db),
          try TodosWindow(filter: .all, offset: 94_999).fetch(db)
        )
      }
      return (small, large, positions, window)
    }
    #expect(large < small * 10 + .milliseconds(500), "1,000 todos: \(small); 100,000 todos: \(large)")
    #expect(window.counts.total == 100_000)
    #expect(positions.ids.count == 1)
    #expect(positions.offsets == [94_999])
    #expect(window.row(at: 94_999)?.id == positions.ids[0])
  }
}
