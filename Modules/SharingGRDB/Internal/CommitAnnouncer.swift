import Foundation
import GRDB
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Tells the other processes watching a database that this process committed, once the commit
/// is published: it sets the times of the database's `-wal` file to now, which makes an inotify
/// event (`IN_ATTRIB`) and changes nothing SQLite reads.
///
/// A commit's own writes to the `-wal` file make their events before SQLite publishes the commit
/// in the `-shm` file's shared memory, which makes none: a watcher reading `PRAGMA data_version`
/// at those events may find the old version, and would otherwise see the commit only at a
/// follow-up read. `databaseDidCommit(_:)` runs after the `COMMIT` statement has returned, when
/// every connection can read the commit, so the watcher's read at this event finds it.
///
/// Added by ``ExternalCommitWatcher`` to the writer of a database it watches, for as long as it
/// watches; a database in rollback-journal mode has no `-wal` file, and needs none: its commit
/// ends by deleting the journal, an event made once the commit is in the file.
///
/// While a transaction that changed rows commits, this process holds the database's write lock,
/// so the writes to the log are its own, and so is the announcement: the watch's `IN_MODIFY`
/// and `IN_ATTRIB` events are quieted from the commit's start to the announcement's end
/// (``DirectoryWatch/quiet()``), and this process's watcher is not woken by its own commit. A
/// commit another connection made in between — once the lock is released, or announced while
/// the lock was held — made no event it heard: once the watch hears again, `quietEnded` reads
/// the version on the writer and has the watcher look if it changed.
final class CommitAnnouncer: TransactionObserver, Sendable {
  /// The path of the database's write-ahead log, made once: a commit's announcement costs
  /// its system call alone.
  private let logPath: String
  /// The watch of the database's directory, whose events are quieted while a commit is written.
  private let watch: DirectoryWatch
  /// Called on the writer once a quieted watch hears again.
  private let quietEnded: @Sendable (Database) -> Void
  /// SQLite's count of rows changed through the connection, at the last commit: a commit that
  /// changed none — the watcher's own, telling the keys of another process's commit — is not
  /// announced.
  private let changesAtLastCommit = Lock<Int?>(nil)
  /// Whether the transaction under way changed a row, and whether its commit quieted the watch.
  private let transaction = Lock((changed: false, quieted: false))

  /// Announces the commits of the database whose write-ahead log is `log`, watched by `watch`;
  /// `quietEnded` is called on the writer each time the watch hears again.
  init(file log: URL, watch: DirectoryWatch, quietEnded: @escaping @Sendable (Database) -> Void) {
    self.logPath = log.path
    self.watch = watch
    self.quietEnded = quietEnded
  }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

  func databaseDidChange(with event: DatabaseEvent) {
    transaction.withLock { $0.changed = true }
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  // NB: a transaction that changed a row holds the write lock until its commit ends: no other
  //     connection writes the log meanwhile.
  func databaseWillCommit() throws {
    transaction.withLock { transaction in
      if transaction.changed, !transaction.quieted { transaction.quieted = watch.quiet() }
    }
  }

  func databaseDidCommit(_ db: Database) {
    defer { endTransaction(db) }
    let total = db.totalChangesCount
    let changed = changesAtLastCommit.withLock { last in
      defer { last = total }
      return last != total
    }
    guard changed else { return }
    // NB: fails (ENOENT) when there is no log, in rollback-journal mode: nothing to announce.
    _ = utimensat(AT_FDCWD, logPath, nil, 0)
  }

  func databaseDidRollback(_ db: Database) {
    endTransaction(db)
  }

  /// Makes the watch's events again, if the commit quieted them, then looks for what it did not
  /// hear meanwhile; forgets the transaction.
  private func endTransaction(_ db: Database) {
    let quieted = transaction.withLock { transaction in
      defer { transaction = (false, false) }
      return transaction.quieted
    }
    guard quieted else { return }
    watch.unquiet()
    quietEnded(db)
  }
}
