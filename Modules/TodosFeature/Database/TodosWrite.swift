import ComposableCore
import GRDB
import GRDBSQLite
import Locking

/// One change to the list, written so that the prompt never waits for another app's write.
///
/// When the database is free — nearly always — the change is written at once, in the reducer,
/// and the page is fetched again before the reducer returns, as every write here always was.
/// When another app holds SQLite's write lock (it is busy), the reducer does not wait for it:
/// the change is queued on the database's writer, behind any change queued before it, and waits
/// there, off the main actor, for up to the busy timeout (``TodosDatabase/busyTimeout``); the
/// reducer returns an effect that ends once it is written, or sends the failure. While a queued
/// change waits, later changes queue behind it, so the list's changes are written in the order
/// they were made.
///
/// ```swift
/// case .delete(let id):
///   return TodosWrite.perform(on: database, failed: Action.writeFailed, onFailure: { state.alert = .writeFailed($0) }) {
///     db in try TodosOrder.delete(id, db)
///   }
/// ```
enum TodosWrite {
  /// How many queued changes each database's writer holds, by database.
  private static let queued = Lock<[ObjectIdentifier: Int]>([:])

  /// What became of a change written at once.
  enum Attempt {
    /// It is in the database.
    case written
    /// It failed, for this reason (SQLite's message); nothing was changed.
    case failed(String)
    /// Another app is writing, or a change before it is still queued.
    case busy
  }

  /// Writes `change` in one transaction: at once, or queued when the database is busy.
  ///
  /// - Parameters:
  ///   - database: The database to write.
  ///   - failed: The action a queued change that could not be written sends, with the reason.
  ///   - onFailure: Called at once with the reason when a change written at once fails.
  ///   - change: The change, in the transaction of the `Database` it is given.
  /// - Returns: `.none` when the change was written, or failed, at once; otherwise an effect that
  ///   ends once the queued change is written, sending `failed` with the reason if it could not be.
  static func perform<Action: Sendable>(
    on database: any DatabaseWriter,
    failed: @escaping @Sendable (String) -> Action,
    onFailure: (String) -> Void,
    _ change: @escaping @Sendable (Database) throws -> Void
  ) -> Effect<Action> {
    switch attempt(change, on: database) {
    case .written:
      return .none
    case .failed(let reason):
      onFailure(reason)
      return .none
    case .busy:
      let completion = enqueue(change, on: database)
      return .run { send in
        if let reason = await completion.value { await send(failed(reason)) }
      }
    }
  }

  /// Writes `change` at once, without waiting for a lock another connection holds; `.busy` when
  /// it would have to wait, or when a queued change must be written first.
  static func attempt(_ change: @escaping @Sendable (Database) throws -> Void, on database: any DatabaseWriter) -> Attempt {
    if queued.withLock({ $0[ObjectIdentifier(database)] ?? 0 }) > 0 { return .busy }
    do {
      try database.writeWithoutTransaction { db in
        try withoutWaitingWhenBusy(db) {
          try db.inTransaction(.immediate) {
            try change(db)
            return .commit
          }
        }
      }
      return .written
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
      return .busy
    } catch {
      return .failed(TodosDatabase.reason(error))
    }
  }

  /// Queues `change` on the writer of `database`, where it waits for the lock as the database is
  /// configured to; returns what ends with the reason it failed, or `nil` once it is written.
  static func enqueue(_ change: @escaping @Sendable (Database) throws -> Void, on database: any DatabaseWriter) -> Completion {
    let id = ObjectIdentifier(database)
    let completion = Completion()
    queued.withLock { $0[id, default: 0] += 1 }
    database.asyncWriteWithoutTransaction { db in
      var reason: String?
      do {
        try db.inTransaction(.immediate) {
          try change(db)
          return .commit
        }
      } catch {
        reason = TodosDatabase.reason(error)
      }
      queued.withLock { queued in
        queued[id, default: 1] -= 1
        if queued[id] == 0 { queued[id] = nil }
      }
      completion.finish(reason)
    }
    return completion
  }

  /// Runs `body` on `db` with SQLite's busy timeout at zero, then waits for locks again as the
  /// writer does (``TodosBusyWait``, for the database's busy timeout): a lock another connection
  /// holds fails the statement at once (`SQLITE_BUSY`).
  private static func withoutWaitingWhenBusy<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
    guard case .timeout(let timeout) = db.configuration.busyMode, let connection = db.sqliteConnection else {
      return try body()
    }
    sqlite3_busy_timeout(connection, 0)
    defer { TodosBusyWait.install(on: connection, timeout: timeout) }
    return try body()
  }

  /// The end of a queued change: `nil` once written, or why it was not.
  final class Completion: Sendable {
    private enum State {
      case waiting([CheckedContinuation<String?, Never>])
      case finished(String?)
    }

    private let state = Lock(State.waiting([]))

    /// Ends it, resuming every waiter.
    func finish(_ reason: String?) {
      let waiters = state.withLock { state -> [CheckedContinuation<String?, Never>] in
        guard case .waiting(let waiters) = state else { return [] }
        state = .finished(reason)
        return waiters
      }
      for waiter in waiters { waiter.resume(returning: reason) }
    }

    /// Why the change was not written, or `nil` once it was; waits for it to end.
    var value: String? {
      get async {
        await withCheckedContinuation { continuation in
          let finished = state.withLock { state -> String?? in
            switch state {
            case .waiting(let waiters):
              state = .waiting(waiters + [continuation])
              return .none
            case .finished(let reason):
              return .some(reason)
            }
          }
          if let reason = finished { continuation.resume(returning: reason) }
        }
      }
    }
  }
}
