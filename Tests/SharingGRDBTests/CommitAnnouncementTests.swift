import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import SharingGRDB
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A watched database announces each commit that changed rows once it is published, with an
/// event of its own on its `-wal` file (`IN_ATTRIB`): SQLite's own writes make their events before
/// it publishes the commit, so another process's watcher sees the commit at this event rather
/// than at a follow-up read.
@Suite(.timeLimit(.minutes(5)))
struct CommitAnnouncementTests {
  /// An inotify instance of the test's own, reporting only `IN_ATTRIB` in `directory`.
  final class AttributeEvents {
    let descriptor: Int32

    init(_ directory: String) throws {
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      try #require(descriptor >= 0)
      try #require(inotify_add_watch(descriptor, directory, UInt32(IN_ATTRIB)) >= 0)
    }

    deinit { close(descriptor) }

    /// The names of the files whose attributes changed, read until one is `name` or `timeout`
    /// passes with none.
    func names(within timeout: Duration, until name: String? = nil) -> [String] {
      var names: [String] = []
      var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
      while name.map({ !names.contains($0) }) ?? true, poll(&pollDescriptor, 1, milliseconds) > 0 {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { break }
        var offset = 0
        while offset + 16 <= count {
          let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
          let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
          names.append(String(decoding: name, as: UTF8.self))
          offset += 16 + length
        }
      }
      return names
    }
  }

  /// What a transaction observer sees of the process's watch of the database's directory when
  /// a commit begins: registered after the watcher's announcer, it runs after it.
  final class MaskAtCommit: TransactionObserver, Sendable {
    let directory: String
    let descriptor: Int32
    let masks = LockIsolated<[UInt32?]>([])

    init(directory: String, descriptor: Int32) {
      self.directory = directory
      self.descriptor = descriptor
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws { masks.withValue { $0.append(watchMask(of: directory, descriptor)) } }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
  }

  /// While this process commits, it holds the write lock: its writes to the log and its
  /// announcement are its own, and its watch asks the kernel for no `IN_MODIFY` or `IN_ATTRIB`
  /// event of them. A moment after its last commit, it asks again, so that another connection's
  /// writes are seen.
  @Test func aCommitOfThisProcessIsWrittenWithItsWatchsEventsQuieted() async throws {
    let (directory, _, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let descriptor = try #require(ExternalCommitWatcher.watcher(for: database)?.descriptor)
      let modify = UInt32(IN_MODIFY | IN_ATTRIB)
      #expect(try #require(watchMask(of: directory.path, descriptor)) & modify != 0)
      let observer = MaskAtCommit(directory: directory.path, descriptor: descriptor)
      database.add(transactionObserver: observer, extent: .observerLifetime)

      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(observer.masks.value.count == 1)
      #expect(try #require(observer.masks.value.first ?? nil) & modify == 0)
      #expect(await waitUntil { (watchMask(of: directory.path, descriptor) ?? 0) & modify == modify })
      // NB: a transaction that changed no row holds no write lock: the watch hears everything.
      try await database.write { db in _ = try Item.fetchCount(db) }
      #expect(try #require(observer.masks.value.last ?? nil) & modify == modify)
      withExtendedLifetime(observer) {}
    }
  }

  /// Commits that follow each other find the watch quiet from the one before: it is quieted once,
  /// and stays quiet until it is told to hear again (here by hand; by itself a moment after the
  /// last commit). A commit another connection made meanwhile is looked for at the end of each
  /// commit of this process, and once the watch hears again.
  @Test func theWatchStaysQuietBetweenCommitsThatFollowEachOther() async throws {
    let (directory, path, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    let queue = DispatchQueue(label: "CommitAnnouncementTests")
    let names: Set = ["items.sqlite", "items.sqlite-wal", "items.sqlite-journal"]
    let watch = try #require(DirectoryWatch(directory: directory.path, names: names, queue: queue) {})
    defer { watch.cancel() }
    let (ends, hearings) = (LockIsolated(0), LockIsolated(0))
    let announcer = CommitAnnouncer(
      file: URL(fileURLWithPath: path + "-wal"), watch: watch, hold: .seconds(600),
      quietEnded: { _ in ends.withValue { $0 += 1 } },
      heardAgain: { hearings.withValue { $0 += 1 } }
    )
    database.add(transactionObserver: announcer, extent: .observerLifetime)
    let observer = MaskAtCommit(directory: directory.path, descriptor: watch.descriptor)
    database.add(transactionObserver: observer, extent: .observerLifetime)
    let modify = UInt32(IN_MODIFY | IN_ATTRIB)

    try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
    #expect(try #require(watchMask(of: directory.path, watch.descriptor)) & modify == 0)
    try await database.write { db in try Item(id: 3, title: "Flour").insert(db) }
    #expect(observer.masks.value.map { ($0 ?? modify) & modify } == [0, 0])
    #expect(announcer.isQuiet)
    #expect(ends.value == 2)
    #expect(hearings.value == 0)

    let other = try DatabaseQueue(path: path)
    try await other.write { db in try Item(id: 4, title: "Other").insert(db) }
    announcer.endQuiet()
    #expect(try #require(watchMask(of: directory.path, watch.descriptor)) & modify == modify)
    #expect(!announcer.isQuiet)
    #expect(hearings.value == 1)
    withExtendedLifetime((announcer, observer)) {}
  }

  /// Another connection's commit that made no event the watch heard (made while the watch was
  /// quiet) is found once a commit of this process ends: the watcher reads the version then.
  @Test func aCommitUnheardWhileTheWatchWasQuietIsFoundWhenThisProcessCommits() async throws {
    let (directory, path, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    let other = try DatabaseQueue(path: path)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      // NB: only another connection's commit is told: this process's own never is.
      let told = LockIsolated(0)
      let subscription = ExternalCommits.observe(database) { _ in told.withValue { $0 += 1 } }
      defer { subscription.cancel() }
      let watch = try #require(ExternalCommitWatcher.watcher(for: database)?.directoryWatch)
      #expect(watch.quiet())
      try await other.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      watch.unquiet()

      try await database.write { db in try Item(id: 3, title: "Own").insert(db) }
      #expect(await waitUntil { told.value == 1 })
    }
  }

  @Test func aCommitThroughAWatchedDatabaseIsAnnouncedOnItsLogOnceItIsPublished() async throws {
    let (directory, _, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      // NB: a subscribed key is what watches the database, and announces its commits.
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      #expect(items.count == 1)
      let events = try AttributeEvents(directory.path)
      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(events.names(within: .seconds(5), until: "items.sqlite-wal").contains("items.sqlite-wal"))
      // NB: a transaction that changes no row has nothing to announce.
      try await database.write { db in _ = try Item.fetchCount(db) }
      #expect(events.names(within: .milliseconds(500)).isEmpty)
    }
  }
}

/// The mask the inotify instance `descriptor` watches `directory` with, as the kernel keeps it
/// (`/proc/self/fdinfo`); `nil` when it does not watch it.
private func watchMask(of directory: String, _ descriptor: Int32) -> UInt32? {
  var status = stat()
  guard stat(directory, &status) == 0,
    let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8)
  else { return nil }
  let inode = "ino:" + String(status.st_ino, radix: 16)
  for line in info.split(separator: "\n") where line.hasPrefix("inotify ") {
    let fields = line.split(separator: " ")
    guard fields.contains(where: { $0 == inode }) else { continue }
    return fields.first { $0.hasPrefix("mask:") }.flatMap { UInt32($0.dropFirst(5), radix: 16) }
  }
  return nil
}
