import Foundation
import Locking
import SharingGRDB
import TodosFeature

/// The databases ``todosDatabase(_:)`` and ``todosDatabase(count:sorted:)`` copy, one per list,
/// each filled the first time a test asks for its list.
///
/// Filling a database is most of what a todos test costs in a debug build: a new connection
/// prepares the insert, and SQLite compiles every trigger on `todos` (the counts, the blocks,
/// the words, the history) into it while GRDB's authorizer records each column they read; a list
/// of 100,000 todos has its words read too. The tests ask for a few lists many times over (a view
/// test makes one per line it parses, five scale tests one of 100,000 todos), and a copy of a
/// filled database's pages costs a fraction of filling it again.
final class FilledDatabases: Sendable {
  /// The process's databases.
  static let shared = FilledDatabases()

  /// A list: its todos as their rows hold them, or a count of generated ones.
  enum List: Hashable {
    case todos([[String]])
    case generated(count: Int, sorted: Bool)

    init(_ todos: [Todo.State]) {
      self = .todos(todos.map { [$0.id.uuidString, $0.description, $0.isComplete ? "1" : "0", $0.notes] })
    }
  }

  /// One list's database: filled by the first test that asks for it, while those asking for the
  /// same list meanwhile wait (and those asking for another do not).
  private final class Slot: Sendable {
    let database = Lock<(any DatabaseWriter)?>(nil)
  }

  private let slots = Lock<[List: Slot]>([:])

  /// The database holding `list`, made by `fill` on a fresh todos database if no test asked for
  /// `list` before. It is never written again: copy it (`backup(to:)`) to change it.
  private func database(holding list: List, fill: (Database) throws -> Void) throws -> any DatabaseWriter {
    let slot = slots.withLock { slots in
      if let slot = slots[list] { return slot }
      let slot = Slot()
      slots[list] = slot
      return slot
    }
    return try slot.database.withLock { database in
      if let database { return database }
      let filled = TodosDatabase.inMemory()
      try filled.write(fill)
      database = filled
      return filled
    }
  }

  /// A fresh database holding what `database(holding:fill:)` holds for `list`.
  func copy(of list: List, fill: (Database) throws -> Void) throws -> any DatabaseWriter {
    let copy = try DatabaseQueue()
    try database(holding: list, fill: fill).backup(to: copy)
    return copy
  }
}
