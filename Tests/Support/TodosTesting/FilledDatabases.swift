import Foundation
import Locking
import SharingGRDB
import TodosFeature

/// The databases ``todosDatabase(_:)`` copies, one per list, each filled the first time a test
/// asks for its list.
///
/// Filling a database is most of what a todos test costs in a debug build: a new connection
/// prepares the insert, and SQLite compiles every trigger on `todos` (the counts, the blocks,
/// the words, the history) into it while GRDB's authorizer records each column they read. The
/// tests ask for a few lists many times over (a view test makes one per line it parses), and a
/// copy of a filled database's pages costs a fraction of filling it again.
final class FilledDatabases: Sendable {
  /// The process's databases.
  static let shared = FilledDatabases()

  /// What a list is made of, as its rows hold it.
  private struct Key: Hashable {
    let rows: [[String]]

    init(_ todos: [Todo.State]) {
      rows = todos.map { [$0.id.uuidString, $0.description, $0.isComplete ? "1" : "0", $0.notes] }
    }
  }

  private let filled = Lock<[Key: any DatabaseWriter]>([:])

  /// The database holding `todos`, in order, filled now if no test asked for them before. It is
  /// never written again: copy it (`backup(to:)`) to change it.
  func database(holding todos: [Todo.State]) throws -> any DatabaseWriter {
    let key = Key(todos)
    if let database = filled.withLock({ $0[key] }) { return database }
    let database = TodosDatabase.inMemory()
    try database.write { db in
      for todo in todos.reversed() { try TodosOrder.insertOnTop(todo, db) }
    }
    // NB: two tests filling the same list at once each fill one; the first kept is shared.
    return filled.withLock { filled in
      if let kept = filled[key] { return kept }
      filled[key] = database
      return database
    }
  }
}
