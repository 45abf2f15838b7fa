import Dispatch
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
/// and `IN_ATTRIB` events are quieted from the commit's start (``DirectoryWatch/quiet()``), and
/// this process's watcher is not woken by its own commit. The watch stays quiet for ``hold``
/// after the last commit's end, so that commits following each other (a piped script's) find it
/// quiet and do not set the kernel's mask twice each. A commit another connection made while the
/// watch was quiet made no event it heard; it is looked for twice: at the end of each commit of
/// this process, `quietEnded` reads the version on the writer and has the watcher look if it
/// changed; and once the watch hears again, `heardAgain` has the watcher read it.
final class CommitAnnouncer: TransactionObserver, Sendable {
  /// How long the watch stays quiet after this process's last commit ends: a command that
  /// follows within it finds the watch quiet already. Another connection's commit made meanwhile
  /// is seen at this process's next commit, or at the latest this long after its last.
  static let defaultHold: DispatchTimeInterval = .milliseconds(20)

  /// The path of the database's write-ahead log, made once: a commit's announcement costs
  /// its system call alone.
  private let logPath: String
  /// The watch of the database's directory, whose events are quieted while commits are written.
  private let watch: DirectoryWatch
  /// How long the watch stays quiet after the last commit's end.
  let hold: DispatchTimeInterval
  /// Called on the writer at the end of each commit made with the watch quiet.
  private let quietEnded: @Sendable (Database) -> Void
  /// Called, off the writer, each time the quiet watch hears again.
  private let heardAgain: @Sendable () -> Void
  /// Where the end of the quiet is timed.
  private let timer = DispatchQueue(label: "SharingGRDB.CommitAnnouncer")
  /// SQLite's count of rows changed through the connection, at the last commit: a commit that
  /// changed none — the watcher's own, telling the keys of another process's commit — is not
  /// announced.
  private let changesAtLastCommit = Lock<Int?>(nil)
  /// The transaction under way and the watch's quiet.
  private let state = Lock(State())

  private struct State {
    /// The transaction under way changed a row.
    var changed = false
    /// The transaction under way is committed with the watch quiet.
    var isCommitting = false
    /// The watch is quiet, quieted here.
    var isQuiet = false
    /// Commits ended with the watch quiet: the quiet ends after a hold that saw none end.
    var ended = 0
    /// The end of the quiet is timed.
    var isEndTimed = false
  }

  /// Announces the commits of the database whose write-ahead log is `log`, watched by `watch`,
  /// which stays quiet for `hold` after the last; `quietEnded` is called on the writer at the
  /// end of each commit made with the watch quiet, and `heardAgain` each time the watch hears
  /// again.
  init(
    file log: URL,
    watch: DirectoryWatch,
    hold: DispatchTimeInterval = CommitAnnouncer.defaultHold,
    quietEnded: @escaping @Sendable (Database) -> Void,
    heardAgain: @escaping @Sendable () -> Void
  ) {
    self.logPath = log.path
    self.watch = watch
    self.hold = hold
    self.quietEnded = quietEnded
    self.heardAgain = heardAgain
  }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

  func databaseDidChange(with event: DatabaseEvent) {
    state.withLock { $0.changed = true }
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  // NB: a transaction that changed a row holds the write lock until its commit ends: no other
  //     connection writes the log meanwhile.
  func databaseWillCommit() throws {
    state.withLock { state in
      guard state.changed else { return }
      // NB: under the lock, so the quiet's end waits for this commit's.
      if !state.isQuiet { state.isQuiet = watch.quiet() }
      state.isCommitting = state.isQuiet
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

  /// Forgets the transaction; if it was committed with the watch quiet, looks for what the
  /// watch did not hear meanwhile and times the quiet's end, unless it is timed already.
  private func endTransaction(_ db: Database) {
    let (wasQuiet, ended, timesEnd) = state.withLock { state in
      defer { (state.changed, state.isCommitting) = (false, false) }
      guard state.isCommitting else { return (false, 0, false) }
      state.ended += 1
      defer { state.isEndTimed = true }
      return (true, state.ended, !state.isEndTimed)
    }
    guard wasQuiet else { return }
    quietEnded(db)
    if timesEnd { timeEnd(after: ended) }
  }

  /// Ends the quiet after ``hold``, if no commit ends meanwhile; otherwise times it again.
  private func timeEnd(after ended: Int) {
    timer.asyncAfter(deadline: .now() + hold) { [weak self] in
      self?.endQuiet(unlessEndedSince: ended)
    }
  }

  /// Makes the watch's events again, unless a commit is under way or one ended after the
  /// `ended`th, then has the watcher look for what it did not hear. The timer calls it with the
  /// count it saw; without one (`nil`), the quiet ends now, whatever ended, and a timer under
  /// way finds it ended.
  func endQuiet(unlessEndedSince ended: Int? = nil) {
    enum Outcome { case ended, heldOn(Int), notQuiet }
    let isTimer = ended != nil
    let outcome: Outcome = state.withLock { state in
      guard state.isQuiet else {
        if isTimer { state.isEndTimed = false }
        return .notQuiet
      }
      if state.isCommitting || (isTimer && ended != state.ended) { return .heldOn(state.ended) }
      watch.unquiet()
      state.isQuiet = false
      if isTimer { state.isEndTimed = false }
      return .ended
    }
    switch outcome {
    case .ended: heardAgain()
    case .heldOn(let ended): if isTimer { timeEnd(after: ended) }
    case .notQuiet: return
    }
  }

  /// Whether the watch is quiet, quieted by this announcer.
  var isQuiet: Bool { state.withLock { $0.isQuiet } }
}
