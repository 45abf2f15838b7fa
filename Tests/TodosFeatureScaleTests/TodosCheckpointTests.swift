import AsyncWaiting
import Foundation
import SharingGRDB
import TemporaryFiles
import TodosTesting
import Testing
@testable import TodosFeature

/// The todos database's log is checkpointed off the writer connection: the writer makes no
/// checkpoint of its own at a commit, and a log grown past SQLite's 1,000 pages is moved into the
/// file by a checkpoint of its own.
@Suite(.timeLimit(.minutes(5)))
struct TodosCheckpointTests {
  @Test func theWriterMakesNoCheckpointAndALongLogIsMovedIntoTheFileBesideIt() async throws {
    let directory = try TemporaryDirectory()
    let opening = try TodosDatabase.open(in: directory.url)
    let database = opening.database
    let autocheckpoint = try await database.write { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") }
    #expect(autocheckpoint == 0)

    let file = directory.file(TodosDatabase.fileName).path
    let sizeBefore = try Self.size(file)
    // NB: one transaction of some 3,000 pages: far past the 1,000 that start a checkpoint.
    try await database.write { db in
      try db.execute(sql: """
        WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 20000)
        INSERT INTO "todos" ("id", "description", "position")
        SELECT printf('00000000-0000-0000-0000-%012X', "i"), printf('%0500d', "i"), "i" FROM "n"
        """)
    }
    // NB: the checkpoint copies the log's pages into the file, which only a checkpoint writes.
    #expect(await waitUntil(timeout: .seconds(30)) { ((try? Self.size(file)) ?? 0) > sizeBefore + 1_000_000 })
    #expect(try await database.read { db in try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todos""#) } == 20_000)

    // NB: no connection of the checkpoint's outlives it: once closed, a read-write connection
    //     opened and closed is the last, and folds the log into the file (a pool's own last
    //     connection is a read-only reader, which does not).
    try opening.close()
    try DatabaseQueue(path: file).close()
    for suffix in ["-wal", "-shm"] {
      #expect(!FileManager.default.fileExists(atPath: file + suffix), "\(suffix) is left after closing")
    }
  }

  /// Commits that follow each other with no pause, as a piped script's, never let a checkpoint
  /// off the writer take all of the log: without the writer's own checkpoint between two of them,
  /// the log grew by every page they wrote (85 MB here).
  @Test func backToBackCommitsStartTheLogAgainRatherThanGrowItWithoutEnd() async throws {
    let directory = try TemporaryDirectory()
    let opening = try TodosDatabase.open(in: directory.url)
    defer { try? opening.close() }
    let database = opening.database
    let log = directory.file(TodosDatabase.fileName).path + "-wal"
    // NB: each commit writes some 150 pages: 200 todos of 3,000 characters, one word each.
    //     They are made on a thread of their own, one after the other as a piped script's are: the
    //     whole suite shares the cooperative pool, and a test that waited on it after each of its
    //     commits ran as long as the suite did, past its time limit.
    let commits = 80
    let written = try await offThePool {
      for commit in 0..<commits {
        try database.write { db in
          try db.execute(sql: """
            WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 200)
            INSERT INTO "todos" ("id", "description", "position")
            SELECT printf('00000000-0000-0000-%04X-%012X', ?, "i"), printf('%03000d', "i"), ? * 200 + "i" FROM "n"
            """, arguments: [commit, commit])
        }
      }
      return try database.read { db in try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todos""#) }
    }
    #expect(written == commits * 200)
    let page = 4_096 + 24
    let bound = Int(TodosCheckpoint.restartThreshold + TodosCheckpoint.threshold + 2 * 200) * page
    let length = try Self.size(log)
    #expect(length <= bound, "the log is \(length / page) pages long")
  }

  static func size(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
  }
}
