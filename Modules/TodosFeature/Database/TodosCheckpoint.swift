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
/// The log starts again from its beginning only at a write that finds all of it in the file, so
/// while commits follow each other faster than a checkpoint ends (a piped script), it keeps
/// growing. Two rules bound it:
/// - A checkpoint off the writer is started each time the log grows by another ``threshold``
///   pages, not after every commit past it: one per commit opened a connection and synced the
///   disk twice for each command, doubling its cost.
/// - Each time the log grows by ``restartThreshold`` pages, a passive checkpoint runs on the
///   writer's own queue, between two commands: the checkpoints off the writer have copied all
///   but the last pages, so it copies those (once one of those under way has ended), and the
///   next write starts the log again. One command in some hundreds waits for that one.
///
/// ```swift
/// let checkpoint = TodosCheckpoint(path: url.path)
/// configuration.prepareDatabase { db in try checkpoint.takeOver(db) }
/// ```
final class TodosCheckpoint: Sendable {
  /// The log's length, in pages, past which a checkpoint is started: SQLite's own default.
  static let threshold: Int32 = 1_000

  /// The log's growth, in pages, after which the writer checkpoints it between two commands, so
  /// that it starts again: a log of about 16 MB at most.
  static let restartThreshold: Int32 = 4 * threshold

  /// The log's length, in pages, past which a checkpoint off the writer is not waited for by
  /// the writer's own (``restartThreshold``): twice the longest that commands make between two.
  static let longLog: Int32 = 2 * restartThreshold

  private let path: String
  private let queue = DispatchQueue(label: "todos.checkpoint")
  private let background = Lock(Schedule(step: threshold))
  private let onWriter = Lock(Schedule(step: restartThreshold))
  private let writer = Lock(Writer())

  /// The pool whose writer's queue runs the checkpoints that start the log again.
  private struct Writer {
    weak var pool: DatabasePool?
  }

  /// When to start a checkpoint, from the log's length after each commit.
  struct Schedule {
    /// By how many pages the log grows between two checkpoints.
    let step: Int32
    /// A checkpoint is started and has not ended.
    private(set) var isRunning = false
    /// The log's length, in pages, when the last checkpoint was started; 0 once it starts again.
    private(set) var startedAt: Int32 = 0
    /// A checkpoint on the writer found this one running, and runs once it ends: none starts
    /// until it has (commits going on would start one after another, and the log would never
    /// be all copied for it to start again).
    var isFollowed = false

    /// Whether a commit that left the log `pages` long starts a checkpoint: when none is
    /// running and the log has grown by `step` pages since the last started.
    mutating func starts(atLogLength pages: Int32) -> Bool {
      // NB: a log shorter than when the last checkpoint started was begun again.
      if pages < startedAt { startedAt = 0 }
      guard !isRunning, !isFollowed, pages >= startedAt + step else { return false }
      isRunning = true
      startedAt = pages
      return true
    }

    /// The checkpoint started has ended; `done` false when it could not run (another
    /// checkpoint held the log): the next commit starts it again.
    mutating func ended(done: Bool = true) {
      isRunning = false
      if !done { startedAt = max(0, startedAt - step) }
    }
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

  /// Called off the writer before each checkpoint there: a test holds one under way with it.
  private let beforeCheckpoint: @Sendable () -> Void

  /// Checkpoints the database at `path`; `beforeCheckpoint` runs off the writer before each
  /// checkpoint there.
  init(path: String, beforeCheckpoint: @escaping @Sendable () -> Void = {}) {
    self.path = path
    self.beforeCheckpoint = beforeCheckpoint
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

  /// Has the writer of `pool`, whose connection ``takeOver(_:)`` was given, start the log again
  /// when it grows long (``restartThreshold``).
  func attach(to pool: DatabasePool) {
    writer.withLock { $0.pool = pool }
  }

  /// Called by SQLite after each commit of the writer with the log's length in pages.
  private func logGrew(to pages: Int32) {
    if background.withLock({ $0.starts(atLogLength: pages) }) {
      queue.async { self.checkpoint() }
    }
    guard let pool = writer.withLock({ $0.pool }), onWriter.withLock({ $0.starts(atLogLength: pages) }) else { return }
    // NB: the hook runs inside the writer's commit: the checkpoint is queued after it.
    pool.asyncWriteWithoutTransaction { db in self.checkpointOnWriter(db) }
  }

  /// The checkpoint on the writer's queue, between two commands, once the checkpoint off the
  /// writer under way, if any, has ended: that one holds the log, and will have copied most of
  /// it; this one copies what is left.
  ///
  /// NB: a checkpoint off the writer started for a log of at most ``longLog`` pages, as
  ///     commands make it, ends in milliseconds, and is waited for here: commits made
  ///     meanwhile would grow the log again. One started for a longer log (a commit of hundreds
  ///     of megabytes: an import) takes seconds, and every command would wait as long for the
  ///     writer: this checkpoint runs once it has ended instead, and none is started until then.
  private func checkpointOnWriter(_ db: Database) {
    let isFollowing = background.withLock { schedule in
      schedule.isFollowed = schedule.isRunning && schedule.startedAt > Self.longLog
      return schedule.isFollowed
    }
    guard !isFollowing else { return }
    queue.sync {}
    // NB: another app's checkpoint makes this one busy, and the next commit tries again.
    let result = db.sqliteConnection.map { sqlite3_wal_checkpoint_v2($0, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
    onWriter.withLock { $0.ended(done: result == SQLITE_OK) }
  }

  /// Copies what it can of the log into the file, waiting for no one; another app checkpointing
  /// at the same moment makes it give up, its work being done. Then queues the checkpoint on
  /// the writer that found it running, if one did.
  private func checkpoint() {
    beforeCheckpoint()
    if let connection = Connection(path: path) {
      // NB: SQLITE_BUSY when another app's checkpoint runs: the log is being moved already.
      _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    let isFollowed = background.withLock { schedule in
      schedule.ended()
      return schedule.isFollowed
    }
    guard isFollowed else { return }
    if let pool = writer.withLock({ $0.pool }) {
      pool.asyncWriteWithoutTransaction { db in self.checkpointOnWriter(db) }
    } else {
      background.withLock { $0.isFollowed = false }
      onWriter.withLock { $0.ended(done: false) }
    }
  }

  /// Waits for a checkpoint under way, if any: once the database is closed too, no connection of
  /// this object's is open.
  func finish() {
    queue.sync {}
  }
}
