import Dispatch
import Foundation
import GRDB
import Locking
import Persistence

/// Sees commits that the database's own transaction observers cannot: those another process,
/// or another connection opened separately on the same file, makes to a database file.
///
/// One watcher per database object, shared by every key subscribed to it and stopped when the
/// last one cancels. It watches the file, its `-wal` and its `-journal` with inotify (a
/// ``DirectoryWatch`` on the process's one instance); on an event it reads `PRAGMA data_version`
/// on the database's writer connection, which changes only when another connection commits.
/// Then it tells GRDB that the whole database may have changed (`Database.notifyChanges(in:)`),
/// and each key's ``CommitObserver`` fetches again, in order with the commits made through the
/// database itself. A read-only database has no observers to tell; its keys are asked to fetch
/// again instead. Before either, the commit is told to ``ExternalCommits``' observers.
///
/// SQLite's last write of a commit, the one that makes the file event, comes before the commit
/// is published in shared memory (the `-shm` file, written through a mapping, which makes no
/// event), so a version read at that event may not have changed yet. A watched database of this
/// process therefore announces each of its commits once published (``CommitAnnouncer``), with an
/// event of its own: another process's watcher sees the commit at that event. The follow-up
/// reads (``followUps``) remain for writers that make no such event — another program, or the
/// `sqlite3` shell.
///
/// This process's own commits do not wake it: the announcer quiets the watch while it commits and
/// announces, and for a moment after (``CommitAnnouncer/hold``), has it read the version on the
/// writer at the end of each commit (``lookForUnheardCommits(_:)``), and again once the watch
/// hears again.
final class ExternalCommitWatcher: Sendable {
  private let writer: any DatabaseWriter
  private let queue: DispatchQueue
  private let state = Lock(State())
  private static let watchers = Lock<[ObjectIdentifier: ExternalCommitWatcher]>([:])

  /// How long after a burst of events the version is read again, until it has changed: SQLite's
  /// last write of a commit comes before it publishes the commit in shared memory (the `-shm`
  /// file, written through a mapping, which makes no event), and a busy machine may keep the
  /// committing process from publishing for a while. The reads double their spacing up to a
  /// second, then come every second, and stop after about six and a half seconds, or at the
  /// first change: nothing runs at idle, and a commit published late is seen within a second.
  static let followUps: [Int] = [50, 100, 200, 400, 800, 1_000, 1_000, 1_000, 1_000, 1_000]

  private struct State {
    var version: Int?
    var refetches: [Int: @Sendable () -> Void] = [:]
    var nextToken = 0
    /// Whether a read since the burst began found a change: its follow-ups then stop.
    var burstChanged = false
    /// When the follow-up reads of the last burst are due.
    var followUps = FollowUpSchedule(delays: ExternalCommitWatcher.followUps)
    var watch: DirectoryWatch?
    /// Announces this process's commits to the other processes' watchers, while watching.
    var announcer: CommitAnnouncer?
  }

  /// Starts delivering other connections' commits to the observations of `database`, and to
  /// `refetch` when the database is read-only. `nil` when there is no file to watch (an
  /// in-memory database, a snapshot) or inotify cannot watch it.
  static func watch(_ database: any DatabaseReader, refetch: @escaping @Sendable () -> Void) -> SharedSubscription? {
    guard let writer = database as? any DatabaseWriter, let file = watchableFile(of: writer) else { return nil }
    let id = ObjectIdentifier(writer)
    // NB: found and joined under the registry's lock, so a watcher stopping as its last key
    //     leaves is never joined; one is made outside the lock, since that reads the database,
    //     and the first registered wins.
    var joined = watchers.withLock { watchers in watchers[id].map { ($0, $0.add(refetch)) } }
    if joined == nil {
      guard let created = ExternalCommitWatcher(writer: writer, file: file) else { return nil }
      joined = watchers.withLock { watchers in
        let watcher = watchers[id] ?? created
        watchers[id] = watcher
        return (watcher, watcher.add(refetch))
      }
      if joined?.0 !== created { created.stop() }
    }
    guard let (watcher, token) = joined else { return nil }
    return SharedSubscription { watcher.remove(token, id: id) }
  }

  /// The watcher of `database`, while a key is subscribed to it.
  static func watcher(for database: any DatabaseReader) -> ExternalCommitWatcher? {
    watchers.withLock { $0[ObjectIdentifier(database)] }
  }

  /// The inotify descriptor its directory watch is read from — the process's one instance, which
  /// stays open and serves file storage too (Persistence's `InotifyHub`) — until it stops.
  var descriptor: Int32? { state.withLock { $0.watch?.descriptor } }

  private init?(writer: any DatabaseWriter, file: URL) {
    self.writer = writer
    self.queue = DispatchQueue(label: "SharingGRDB.ExternalCommitWatcher")
    let name = file.lastPathComponent
    let names: Set = [name, name + "-wal", name + "-journal"]
    // NB: the version is read before the first fetch: a commit after it is seen as a change.
    let version = try? Self.dataVersion(writer)
    state.withLock { $0.version = version }
    let watch = DirectoryWatch(directory: file.deletingLastPathComponent().path, names: names, queue: queue) {
      [weak self] in self?.changed()
    }
    guard let watch else { return nil }
    let announcer = CommitAnnouncer(
      file: URL(fileURLWithPath: file.path + "-wal"),
      watch: watch,
      quietEnded: { [weak self] db in self?.lookForUnheardCommits(db) },
      heardAgain: { [weak self] in self?.lookForUnheardCommits() }
    )
    writer.add(transactionObserver: announcer, extent: .observerLifetime)
    state.withLock {
      $0.watch = watch
      $0.announcer = announcer
    }
  }

  /// Registers a key's `refetch`; returns the token that removes it.
  private func add(_ refetch: @escaping @Sendable () -> Void) -> Int {
    state.withLock { state in
      defer { state.nextToken += 1 }
      state.refetches[state.nextToken] = refetch
      return state.nextToken
    }
  }

  private func remove(_ token: Int, id: ObjectIdentifier) {
    let isLast = Self.watchers.withLock { watchers in
      let isLast = state.withLock { state in
        state.refetches[token] = nil
        return state.refetches.isEmpty
      }
      if isLast, watchers[id] === self { watchers[id] = nil }
      return isLast
    }
    if isLast { stop() }
  }

  private func stop() {
    let (watch, announcer) = state.withLock { ($0.watch.take(), $0.announcer.take()) }
    watch?.cancel()
    // NB: the writer holds the announcer weakly: once released here, it is removed.
    _ = announcer
  }

  /// The watch of the database's directory, until the watcher stops.
  var directoryWatch: DirectoryWatch? { state.withLock { $0.watch } }

  /// Called on the writer once a commit of this process made with its watch quiet has ended
  /// (``CommitAnnouncer``): another connection's commit, or its announcement, made while the
  /// watch was quiet made no event it heard. The version is read now, and if it changed since
  /// the last read, the watcher reads it again on its queue, as at an event.
  private func lookForUnheardCommits(_ db: Database) {
    let version = try? Self.dataVersion(db)
    guard state.withLock({ $0.version != version }) else { return }
    queue.async { [weak self] in self?.changed() }
  }

  /// Called once the watch, quiet for this process's commits, hears again: another connection's
  /// commit made after the last of them made no event it heard. The version is read on `queue`.
  private func lookForUnheardCommits() {
    queue.async { [weak self] in self?.check() }
  }

  /// Called on `queue` for each burst of events: reads the version now and a little later
  /// (``FollowUpSchedule``: one timer serves every burst).
  private func changed() {
    let timer = state.withLock { state in
      state.burstChanged = false
      return state.followUps.burst(at: .now())
    }
    check()
    if let timer { followUp(at: timer) }
  }

  /// Sets the timer of the next follow-up read.
  private func followUp(at deadline: DispatchTime) {
    queue.asyncAfter(deadline: deadline) { [weak self] in self?.followUpDue() }
  }

  /// Called on `queue` when the timer fires: reads the version if the follow-up is due and still
  /// wanted, then sets the timer for the next.
  private func followUpDue() {
    let due = state.withLock { state in
      state.followUps.timerFired(at: .now(), isWanted: !state.burstChanged && state.watch != nil)
    }
    switch due {
    case .stop: return
    case .wait(let deadline): return followUp(at: deadline)
    case .read: check()
    }
    // NB: `changed()` runs on this queue too: no burst began during the read.
    let next = state.withLock { state in state.followUps.read(isWanted: !state.burstChanged && state.watch != nil) }
    if let next { followUp(at: next) }
  }

  /// Reads `PRAGMA data_version`; if another connection committed since the last read, has the
  /// observations fetch again.
  private func check() {
    let canNotify = !writer.configuration.readonly
    let committed = try? writer.writeWithoutTransaction { db -> Bool in
      let version = try Self.dataVersion(db)
      let changed = state.withLock { state in
        defer { state.version = version }
        if state.version != version { state.burstChanged = true }
        return state.version != version
      }
      // NB: Its observers see the database as the keys are about to fetch it.
      if changed { ExternalCommits.didSeeCommit(of: writer, db) }
      // NB: notified in a transaction of its own, as GRDB asks: each observation fetches once it
      //     commits, after any write of ours queued before it.
      if changed, canNotify {
        try db.inTransaction(.deferred) {
          try db.notifyChanges(in: .fullDatabase)
          return .commit
        }
      }
      return changed
    }
    guard committed == true, !canNotify else { return }
    for refetch in state.withLock({ Array($0.refetches.values) }) { refetch() }
  }

  private static func dataVersion(_ writer: any DatabaseWriter) throws -> Int? {
    try writer.writeWithoutTransaction { db in try dataVersion(db) }
  }

  /// `PRAGMA data_version` on `db`, through a statement prepared once per connection: it is read
  /// after every commit of this process.
  static func dataVersion(_ db: Database) throws -> Int? {
    try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version"))
  }

  /// The database's file, if it has one: not `:memory:`, not a shared in-memory `file:` URI.
  private static func watchableFile(of writer: any DatabaseWriter) -> URL? {
    let path = writer.path
    guard !path.isEmpty, !path.hasPrefix(":"), !path.hasPrefix("file:") else { return nil }
    let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      return nil
    }
    return url
  }
}
