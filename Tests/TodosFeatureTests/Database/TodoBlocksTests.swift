import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// The list counted in blocks, which finds the todo at an offset and the offset of a todo: a
/// list made before the blocks is counted at its first open, an import counts its todos into
/// blocks of their own, and every kind of write keeps the blocks counting the list, cut when
/// they grow and joined when they shrink (`TodoBlocksScaleTests`, with thousands of writes, and a
/// list of 100,000 todos).
struct TodoBlocksTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The blocks, in order: their starts and totals.
  func blocks(_ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: #"SELECT "start", "total" FROM "todoBlocks" ORDER BY "start""#).map { ($0[0], $0[1]) }
  }

  @Test func aListMadeBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try listMadeBefore("Keep history for undo", count: 2100)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 0, 1024, 2048])
      #expect(blocks.map(\.total) == [0, 1024, 1024, 52])
      #expect(try blockProblems(db, largest: TodoBlocks.largest, samples: 12) == [])
    }
    try opening.close()
  }

  @Test func anImportCountsItsTodosIntoBlocksOfTheirOwnBelowTheList() throws {
    let database = try todosDatabase(count: 10)
    let rows = try TodosFile.decodeRows(Data(
      ("[" + (0..<1100).map { #"{"id": "\#(UUID(1_000 + $0))", "description": "imported \#($0)", "isComplete": \#($0 % 2 == 0)}"# }
        .joined(separator: ",") + "]").utf8
    ))
    let inserted = try database.write { db in try TodosImport.insert(rows, db) }
    #expect(inserted == 1100)
    try database.read { db in
      let blocks = try blocks(db)
      #expect(blocks.map(\.start) == [-.infinity, 10, 1034])
      #expect(blocks.map(\.total) == [10, 1024, 76])
      #expect(try blockProblems(db, largest: TodoBlocks.largest, samples: 12) == [])
    }
  }
}
