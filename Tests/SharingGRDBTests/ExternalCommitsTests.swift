import AsyncWaiting
import ConcurrencyExtras
import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

/// An observer of another connection's commits reads, on the writer, what the keys are about to
/// fetch; the database's own commits never reach it, and a cancelled observer hears no more.
@Suite(.timeLimit(.minutes(5)))
struct ExternalCommitsTests {
  @Test func anObserverReadsWhatAnotherConnectionCommittedBeforeTheKeysDo() async throws {
    let (directory, path, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    let other = try DatabasePool(path: path)
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let seen = LockIsolated<[[String]]>([])
      let subscription = ExternalCommits.observe(database) { db in
        let titles = (try? String.fetchAll(db, sql: "SELECT title FROM items ORDER BY id")) ?? []
        // NB: the key has not fetched yet: it still holds what it read before the commit.
        seen.withValue { $0.append(titles) }
      }
      try await database.write { db in try Item(id: 2, title: "Own").insert(db) }
      #expect(items.titles == ["Milk", "Own"])
      let values = $items.values
      try await other.write { db in try Item(id: 3, title: "Eggs").insert(db) }
      #expect(await first(values) { $0.count == 3 }?.titles == ["Milk", "Own", "Eggs"])
      #expect(seen.value.last == ["Milk", "Own", "Eggs"])
      #expect(!seen.value.contains(["Milk", "Own"]), "the database's own commit reached the observer")

      subscription.cancel()
      let count = seen.value.count
      try await other.write { db in try Item(id: 4, title: "Tea").insert(db) }
      #expect(await first(values) { $0.count == 4 } != nil)
      #expect(seen.value.count == count)
    }
  }
}
