import AsyncWaiting
import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

/// A read-only connection: GRDB's observation has nothing to be told, so the key fetches again
/// itself when another connection commits.
@Suite(.timeLimit(.minutes(5)))
struct ReadOnlyConnectionTests {
  @Test func aReadOnlyReaderSeesAnotherConnectionsCommit() async throws {
    let (directory, path, writer) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    var configuration = Configuration()
    configuration.readonly = true
    let reader = try DatabaseQueue(path: path, configuration: configuration)
    try await withDependencies { $0.defaultDatabase = reader } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      #expect(items.titles == ["Milk"])
      let values = $items.values
      try await writer.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(await first(values) { $0.count == 2 }?.titles == ["Milk", "Eggs"])
    }
  }
}
