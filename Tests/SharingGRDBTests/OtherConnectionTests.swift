import AsyncWaiting
import ConcurrencyExtras
import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

/// A commit made by a second pool opened separately on the same file: GRDB's observation never
/// hears of it; the file watch does, within a second.
@Suite(.timeLimit(.minutes(5)))
struct OtherConnectionTests {
  @Test func aCommitThroughASeparatePoolReachesTheReaderWithinASecond() async throws {
    let (directory, path, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    let other = try DatabasePool(path: path)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      #expect(items.titles == ["Milk"])
      let arrival = LockIsolated<ContinuousClock.Instant?>(nil)
      let subscription = $items.onChange { items in
        if items.count == 2 { arrival.withValue { $0 = $0 ?? .now } }
      }
      let values = $items.values
      // NB: timed from the commit itself, not from asking the other pool to write: a loaded
      //     machine may take a while to run the write, which is not the reader's delay.
      let committed = LockIsolated<ContinuousClock.Instant?>(nil)
      try await other.write { db in
        db.afterNextTransaction { _ in committed.setValue(.now) }
        try Item(id: 2, title: "Eggs").insert(db)
      }
      #expect(await first(values) { $0.count == 2 }?.titles == ["Milk", "Eggs"])
      // NB: the stream and `onChange` are two observers of one change: the stream's waiter may
      //     resume before the callback has run.
      #expect(await waitUntil { arrival.value != nil })
      let latency = try #require(arrival.value) - #require(committed.value)
      #expect(latency < .seconds(1))
      subscription.cancel()
    }
  }

  @Test func aCommitInRollbackJournalModeIsSeenToo() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("items.sqlite").path
    // NB: a queue keeps SQLite's default journal: a commit writes the file itself, and two
    //     connections wait for each other's locks rather than fail at once, as GRDB advises.
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let database = try DatabaseQueue(path: path, configuration: configuration)
    try migrate(database, items: [Item(id: 1, title: "Milk")])
    let other = try DatabaseQueue(path: path, configuration: configuration)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items")) var count = 0
      #expect(count == 1)
      let values = $count.values
      try await other.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(await first(values) { $0 == 2 } == 2)
    }
  }

  @Test func ourOwnCommitsAreFetchedOnce() async throws {
    let directory = try TemporaryDirectory()
    let database = try DatabasePool(path: directory.file("items.sqlite").path)
    try migrate(database, items: [Item(id: 1, title: "Milk")])
    // NB: opened before the reader, so opening it is not an event the reader sees.
    let other = try DatabasePool(path: directory.file("items.sqlite").path)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let deliveries = LockIsolated<[Int]>([])
      let subscription = $items.onChange { items in deliveries.withValue { $0.append(items.count) } }
      let values = $items.values
      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(await first(values) { $0.count == 2 } != nil)
      // NB: the watch reads the file's version on our writer connection, where our own commits
      //     do not count: a fence write through another pool shows whether a second fetch of the
      //     first commit slipped in before it.
      try await other.write { db in try Item(id: 3, title: "Bread").insert(db) }
      #expect(await first(values) { $0.count == 3 } != nil)
      // NB: the stream and `onChange` are two observers of one change: the stream's waiter may
      //     resume before the callback has run.
      #expect(await waitUntil { deliveries.value.contains(3) })
      // NB: GRDB built without WAL snapshots (as on Linux) may deliver a pool's first value
      //     twice, before any commit; only the deliveries of the two commits are counted.
      #expect(deliveries.value.filter { $0 > 1 } == [2, 3])
      subscription.cancel()
    }
  }
}
