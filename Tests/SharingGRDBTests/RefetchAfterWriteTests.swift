import AsyncWaiting
import ConcurrencyExtras
import SharingGRDB
import TemporaryFiles
import Testing

/// A commit through the database fetches the query again, before the write returns.
@Suite(.timeLimit(.minutes(5)))
struct RefetchAfterWriteTests {
  /// A reducer that writes reads the new value on its next line: no wait, no later delivery.
  @Test func theNewValueIsThereWhenTheWriteReturns() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    try withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items")) var count = 0
      try database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(items.titles == ["Milk", "Eggs"])
      #expect(count == 2)
    }
  }

  /// The same through a pool on a file, whose reads run beside its writes.
  @Test func theNewValueIsThereWhenAPoolsWriteReturns() throws {
    let directory = try TemporaryDirectory()
    let database = try DatabasePool(path: directory.file("items.sqlite").path)
    try migrate(database, items: [Item(id: 1, title: "Milk")])
    try withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      for id in 2...20 {
        try database.write { db in try Item(id: Int64(id), title: "Item \(id)").insert(db) }
        #expect(items.count == id)
      }
    }
  }

  /// A transaction rolled back changes nothing, and delivers nothing.
  @Test func aRollbackDeliversNothing() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let changes = LockIsolated(0)
      let subscription = $items.onChange { _ in changes.withValue { $0 += 1 } }
      struct Refused: Error {}
      #expect(throws: Refused.self) {
        try database.write { db in
          try Item(id: 2, title: "Eggs").insert(db)
          throw Refused()
        }
      }
      #expect(items.titles == ["Milk"])
      #expect(changes.value == 0)
      subscription.cancel()
    }
  }

  @Test func anInsertReachesTheReader() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let values = $items.values
      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      let seen = await first(values) { $0.count == 2 }
      #expect(seen?.titles == ["Milk", "Eggs"])
      #expect(items.titles == ["Milk", "Eggs"])
    }
  }

  @Test func anUpdateAndADeleteReachTheReader() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Eggs")])
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let values = $items.values
      try await database.write { db in
        try db.execute(sql: "UPDATE items SET title = 'Oat milk' WHERE id = 1")
        try db.execute(sql: "DELETE FROM items WHERE id = 2")
      }
      #expect(await first(values) { $0.count == 1 }?.titles == ["Oat milk"])
    }
  }

  @Test func aWriteToAnotherTableFetchesNothing() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    try await database.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items")) var items: [Item]
      let changes = LockIsolated(0)
      let subscription = $items.onChange { _ in changes.withValue { $0 += 1 } }
      try await database.write { db in try db.execute(sql: "INSERT INTO notes VALUES ('a')") }
      // NB: a later write to `items` is the fence: its change is the first one delivered.
      let values = $items.values
      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(await first(values) { $0.count == 2 } != nil)
      #expect(changes.value == 1)
      subscription.cancel()
    }
  }

  /// A request of several statements is read again after a commit from one state of the
  /// database: another connection committing between two of its statements is not seen by the
  /// later alone, so a header's count always matches the rows read after it.
  @Test func aRequestOfSeveralStatementsIsReadAgainFromOneStateOfTheDatabase() throws {
    let (directory, path, pool) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    try withDependencies { $0.defaultDatabase = pool } operation: {
      @SharedReader(.fetch(CountedTwice())) var counts = [Int]()
      #expect(counts == [1, 1])
      let delivered = LockIsolated<[[Int]]>([])
      let subscription = $counts.onChange { counts in delivered.withValue { $0.append(counts) } }
      defer { subscription.cancel() }
      let other = try DatabaseQueue(path: path)
      CountedTwice.committingBetween.setValue(other)
      try pool.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(CountedTwice.committingBetween.value == nil)
      // NB: read again once the other connection's commit is seen: [3, 3], now or later.
      #expect(delivered.value.first == [3, 3])
      #expect(delivered.value.allSatisfy { $0[0] == $0[1] })
    }
  }
}

/// The items counted twice, by two statements; when `committingBetween` holds a connection,
/// the next read has it insert an item between the two, once.
private struct CountedTwice: FetchKeyRequest {
  static let committingBetween = LockIsolated<DatabaseQueue?>(nil)

  func fetch(_ db: Database) throws -> [Int] {
    let first = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
    if let other = Self.committingBetween.withValue({ $0.take() }) {
      try other.write { db in try Item(id: 100, title: "Between").insert(db) }
    }
    let second = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
    return [first, second]
  }
}
