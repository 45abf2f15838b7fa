import Foundation
import GRDB
import GRDBSQLite

/// How the writer waits for the write lock another app holds: it asks again every 100 µs for the
/// first 10 ms, then every millisecond, for up to the busy timeout
/// (``TodosDatabase/busyTimeout``).
///
/// SQLite's own busy timeout sleeps 1, 2, 5, 10, 15, 20, 25 … 100 ms between tries: a write that
/// finds the lock held while another app commits a one-todo change (a few hundred microseconds)
/// sleeps a whole millisecond or more before it looks again, and two apps writing at once spent
/// most of their time asleep. Asking again every 100 µs costs a system call each time, and finds
/// the lock free within a tenth of a millisecond of its release.
///
/// ```swift
/// configuration.prepareDatabase { db in
///   if !db.configuration.readonly, let connection = db.sqliteConnection {
///     TodosBusyWait.install(on: connection, timeout: 5)
///   }
/// }
/// ```
enum TodosBusyWait {
  /// How long to sleep before try `attempt` (0 for the first), in microseconds.
  static func pause(beforeAttempt attempt: Int32) -> UInt32 {
    attempt < 100 ? 100 : 1_000
  }

  /// How long the tries before `attempt` have slept in all, in microseconds.
  static func waited(beforeAttempt attempt: Int32) -> Int64 {
    let early = Int64(min(attempt, 100))
    return early * 100 + Int64(max(0, attempt - 100)) * 1_000
  }

  /// Makes `connection` wait for a lock as above, for up to `timeout`.
  static func install(on connection: OpaquePointer, timeout: TimeInterval = TodosDatabase.busyTimeout) {
    // NB: the timeout, in microseconds, is the handler's context: it keeps no state of its own.
    let micros = max(1, Int(timeout * 1_000_000))
    sqlite3_busy_handler(
      connection,
      { context, attempt in
        guard TodosBusyWait.waited(beforeAttempt: attempt) < Int64(Int(bitPattern: context)) else { return 0 }
        usleep(TodosBusyWait.pause(beforeAttempt: attempt))
        return 1
      },
      UnsafeMutableRawPointer(bitPattern: micros)
    )
  }
}
