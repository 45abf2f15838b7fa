import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// An import's words read by the app's indexer over more todos than a slice holds: the first
/// open reads every slice of its import's words, and the next open reads the words an import
/// left unread when the app ended. `TodosWordIndexTests` reads a few todos' words a slice at a
/// time.
@Suite(.timeLimit(.minutes(5)))
struct TodosWordIndexScaleTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The app's import leaves the words to read off the first prompt's path; the indexer reads
  /// them, and a database whose words were not all read (the app ended first) has the rest read
  /// at its next open.
  @Test func theOpenReadsTheWordsAnImportLeftAndTheNextOpenWhatWasLeftThen() throws {
    let directory = try TemporaryDirectory()
    let count = 5_000
    let rows = (0..<count).map { index in
      #"{"id": "\#(UUID(index).uuidString)", "description": "todo \#(index)", "isComplete": false}"#
    }
    try Data(("[" + rows.joined(separator: ",") + "]").utf8).write(to: directory.file("todos.json"))
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    opening.waitForIndexing()
    let every = TodosWindow(filter: .all, find: TodosFind("todo"), offset: 0, size: 20)
    #expect(try opening.database.read { try every.fetch($0).shown } == count)
    #expect(try opening.database.read { try TodosWordIndex.hasPending($0) } == false)

    // NB: Inserted as the import inserts, their words left to read, and the app ended before.
    let late = try TodosFile.decodeRows(Data(#"""
      [{"id": "\#(UUID(1_000_000))", "description": "Buy milk", "isComplete": false},
       {"id": "\#(UUID(1_000_001))", "description": "Oat milk", "isComplete": false}]
      """#.utf8))
    #expect(try opening.database.write { try TodosImport.insert(late, $0) } == 2)
    #expect(try opening.database.read { try TodosWordIndex.hasPending($0) })
    try opening.close()
    let again = try TodosDatabase.open(in: directory.url, now: now)
    again.waitForIndexing()
    let milk = TodosWindow(filter: .all, find: TodosFind("milk"), offset: 0, size: 20)
    #expect(try again.database.read { try milk.fetch($0).rows.map(\.description) } == ["Buy milk", "Oat milk"])
    try again.close()
  }
}
