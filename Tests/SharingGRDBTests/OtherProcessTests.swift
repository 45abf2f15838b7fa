import AsyncWaiting
import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

/// The other process's program: Debian's Python, whose standard library has SQLite.
private let python = "/usr/bin/python3"

/// A commit made by another process, with its own SQLite, writing to the file.
@Suite(.timeLimit(.minutes(5)), .enabled(if: FileManager.default.isExecutableFile(atPath: python)))
struct OtherProcessTests {
  /// Runs a Python program that inserts an item into the database at `path`, and waits for it.
  func insert(_ item: Item, at path: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], timeout=30)
      with connection:
          connection.execute("INSERT INTO items (id, title) VALUES (?, ?)", (int(sys.argv[2]), sys.argv[3]))
      connection.close()
      """,
      path, "\(item.id)", item.title,
    ]
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func aCommitByAnotherProcessReachesTheReader() async throws {
    let (directory, path, database) = try itemsFile([Item(id: 1, title: "Milk")])
    defer { directory.remove() }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      let values = $items.values
      let status = try insert(Item(id: 2, title: "Eggs"), at: path)
      #expect(status == 0)
      #expect(await first(values) { $0.count == 2 }?.titles == ["Milk", "Eggs"])
    }
  }
}
