import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosTesting

@testable import TodosFeature

/// Each word's todos counted in blocks, which find the match at an offset of a find for one word
/// and the offset of a match: a list whose words were read before the blocks is counted at its
/// first open (`TodoWordBlocksScaleTests` has an import's words, a page of a find far down,
/// thousands of writes, and a list of 100,000 todos).
struct TodoWordBlocksTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A word's blocks, in order: their starts and totals.
  func blocks(_ word: String, _ db: Database) throws -> [(start: Double, total: Int)] {
    try Row.fetchAll(db, sql: """
      SELECT "start", "total" FROM "todoWordBlocks" WHERE "word" = ? ORDER BY "start"
      """, arguments: [word]).map { ($0[0], $0[1]) }
  }

  @Test func aListWhoseWordsWereReadBeforeTheBlocksIsCountedAtItsFirstOpen() throws {
    let directory = try listMadeBefore(TodosSchema.blocksMigration, count: 2100)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    try opening.database.read { db in
      let todo = try blocks("todo", db)
      #expect(todo.map(\.start) == [0, 1024, 2048])
      #expect(todo.map(\.total) == [1024, 1024, 52])
      #expect(try blocks("7", db).isEmpty)
      #expect(try wordBlockProblems(db, largest: TodoBlocks.largest, terms: ["todo", "20"]) == [])
    }
    try opening.close()
  }
}
