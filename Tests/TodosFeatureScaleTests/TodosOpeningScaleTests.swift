import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature

/// Opening a `todos.sqlite` large enough that a truncation cuts into its pages: kept aside, and a
/// fresh database made, said in one line. `TodosDatabaseTests` keeps the small corrupt file a
/// feature's loop checks.
@Suite(.timeLimit(.minutes(5)))
struct TodosOpeningScaleTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aTruncatedDatabaseIsKeptAsideAndAFreshOneMade() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite")
    do {
      let opening = try TodosDatabase.open(in: directory.url, now: now)
      // NB: One statement, so that the file is large (a truncation then cuts into its pages)
      //     without 20,000 inserts through Swift, which a debug build takes seconds over.
      try opening.database.write { db in
        // NB: their words are left unread: the file's size is what matters here.
        let last = try TodosWordIndex.deferIndexing(db)
        defer { _ = try? TodosWordIndex.indexLater(after: last, db) }
        try db.execute(sql: """
          WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 20000)
          INSERT INTO "todos" ("id", "description", "position")
          SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", "i" FROM "n"
          """)
      }
      // NB: the log of so many rows and their words is past the threshold of the checkpoint
      //     run off the writer: closing waits for it, and a connection of its own, opened and
      //     closed, folds the rest of the log into the file.
      try opening.close()
      try DatabaseQueue(path: file.path).close()
    }
    let size = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(size / 2))
    try handle.close()
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.sqlite.corrupt-20270115-080000.000")
    #expect(
      opening.reports == [
        "\(file.path) is not a readable database (database disk image is malformed); it was moved aside to \(aside.path) and a new one was made."
      ]
    )
    #expect(FileManager.default.fileExists(atPath: aside.path))
    #expect(try opening.database.read { try Int.fetchOne($0, sql: #"SELECT count(*) FROM "todos""#) } == 0)
  }
}
