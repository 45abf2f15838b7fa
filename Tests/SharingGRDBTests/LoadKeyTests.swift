import AsyncWaiting
import Foundation
import SharingGRDB
import Testing

/// `$items.load(key)` points a reader at another query and follows that one from then on.
@Suite(.timeLimit(.minutes(5)))
struct LoadKeyTests {
  @Test func loadSwitchesTheQuery() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Eggs", isDone: true)])
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items WHERE NOT isDone ORDER BY id")) var items: [Item]
      #expect(items.titles == ["Milk"])
      try await $items.load(.fetchAll(sql: "SELECT * FROM items WHERE isDone ORDER BY id"))
      #expect(items.titles == ["Eggs"])
      #expect($items.loadError == nil)
      #expect(!$items.isLoading)
      let values = $items.values
      try await database.write { db in try Item(id: 3, title: "Bread", isDone: true).insert(db) }
      #expect(await first(values) { $0.count == 2 }?.titles == ["Eggs", "Bread"])
    }
  }

  @Test func loadRereadsAfterAChangeNoObservationSaw() async throws {
    let name = "load-\(UUID().uuidString)"
    let database = try DatabaseQueue(named: name)
    try migrate(database, items: [Item(id: 1, title: "Milk")])
    // NB: a second connection to the same named in-memory database: its commits are invisible
    //     to the first's observation, and there is no file to watch.
    let other = try DatabaseQueue(named: name)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      try await other.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(items.titles == ["Milk"])
      try await $items.load()
      #expect(items.titles == ["Milk", "Eggs"])
    }
  }
}
