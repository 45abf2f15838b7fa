import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Locking

/// Moves the todos database's log back into the file off the writer connection: a command never
/// waits for a checkpoint.
///
/// In WAL mode SQLite checkpoints by itself at the end of the commit that takes the log past
/// 1,000 pages, on the connection that committed — here the writer, whose commits a command
/// waits for. A checkpoint copies the log into the database file and syncs both, and a sync
/// takes as long as the disk does: milliseconds at rest, hundreds of milliseconds or seconds
/// while the system writes out other work. So the writer's own checkpoints are turned off, its
/// commits report the log's length here (SQLite's WAL hook), and once the log passes
/// ``threshold`` pages a passive checkpoint runs on a connection of its own, on a queue of its
/// own. A passive checkpoint waits for no reader and no writer: commits go on while it runs.
///
/// ```swift
/// let checkpoint = TodosCheckpoint(path: url.path)
/// configuration.prepareDatabase { db in try checkpoint.takeOver(db) }
/// ```
final class TodosCheckpoint: Sendable {
  /// The log's length, in pages, past which a checkpoint is started: SQLite's own default.
  static let threshold: Int32 = 1_000

  private let path: String
  private let queue = DispatchQueue(label: "todos.checkpoint")
  private let state = Lock(State())

  private struct State {
    var isScheduled = false
  }

  /// A raw SQLite connection of its own, for one checkpoint: none stays open, so the database's
  /// last connection to close still folds the log into the file.
  private final class Connection {
    let handle: OpaquePointer

    init?(path: String) {
      var handle: OpaquePointer?
      guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
        sqlite3_close(handle)
        return nil
      }
      // NB: a connection learns that the file is in WAL mode at its first read; until then a
      //     checkpoint through it finds no log and does nothing.
      guard sqlite3_exec(handle, "PRAGMA schema_version", nil, nil, nil) == SQLITE_OK else {
        sqlite3_close(handle)
        return nil
      }
      self.handle = handle
    }

    deinit { sqlite3_close(handle) }
  }

  /// Checkpoints the database at `path`.
  init(path: String) {
    self.path = path
  }

  /// Turns off the checkpoints `db` would make itself at its commits and has its commits report
  /// the log's length here instead. For the writer connection; a reader commits nothing.
  func takeOver(_ db: Database) throws {
    try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    guard let connection = db.sqliteConnection else { return }
    // NB: the pool's configuration holds this object for as long as its connections live, so
    //     the hook's context is not retained.
    sqlite3_wal_hook(
      connection,
      { context, _, _, pages in
        Unmanaged<TodosCheckpoint>.fromOpaque(context!).takeUnretainedValue().logGrew(to: pages)
        return SQLITE_OK
      },
      Unmanaged.passUnretained(self).toOpaque()
    )
  }

  /// Called by SQLite after each commit of the writer with the log's length in pages.
  private func logGrew(to pages: Int32) {
    guard pages >= Self.threshold else { return }
    let schedules = state.withLock { state in
      defer { state.isScheduled = true }
      return !state.isScheduled
    }
    guard schedules else { return }
    queue.async { self.checkpoint() }
  }

  /// Copies what it can of the log into the file, waiting for no one; another app checkpointing
  /// at the same moment makes it give up, its work being done.
  private func checkpoint() {
    if let connection = Connection(path: path) {
      // NB: SQLITE_BUSY when another app's checkpoint runs: the log is being moved already.
      _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    state.withLock { $0.isScheduled = false }
  }

  /// Waits for a checkpoint under way, if any: once the database is closed too, no connection of
  /// this object's is open.
  func finish() {
    queue.sync {}
  }
}
