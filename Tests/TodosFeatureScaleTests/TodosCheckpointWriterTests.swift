import Foundation
import Locking
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// The checkpoint on the writer that starts the log again does not make the writer wait for a
/// long checkpoint off it: after a commit of many megabytes (an import) that one takes seconds,
/// and every command would wait as long. It runs once the other has ended.
@Suite(.timeLimit(.minutes(5)))
struct TodosCheckpointWriterTests {
  @Test func theWriterDoesNotWaitForTheCheckpointOffItAndTheLogStartsAgainAfter() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("todos.sqlite").path
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let held = Lock(true)
    let checkpoint = TodosCheckpoint(path: path) {
      // NB: the first checkpoint off the writer is held until the test lets it go.
      guard held.withLock({ $0 }) else { return }
      started.signal()
      release.wait()
    }
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      if !db.configuration.readonly { try checkpoint.takeOver(db) }
    }
    let pool = try DatabasePool(path: path, configuration: configuration)
    checkpoint.attach(to: pool)
    try pool.write { db in
      try db.execute(sql: #"CREATE TABLE "t" ("x" BLOB)"#)
      // NB: past `longLog` pages in one commit: both checkpoints are started, and the one off
      //     the writer is a long one.
      for _ in 0..<Int(TodosCheckpoint.longLog) + 100 {
        try db.execute(sql: #"INSERT INTO "t" VALUES (zeroblob(4000))"#)
      }
    }
    started.wait()
    // NB: the checkpoint off the writer is held: a write waiting for it would never end.
    try pool.write { db in try db.execute(sql: #"INSERT INTO "t" VALUES (1)"#) }
    held.withLock { $0 = false }
    release.signal()
    checkpoint.finish()
    // NB: the checkpoint on the writer, queued once the other ended, has copied the rest: the
    //     next write starts the log again.
    try pool.write { db in try db.execute(sql: #"INSERT INTO "t" VALUES (2)"#) }
    let log = try pool.writeWithoutTransaction { db in
      try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
    }
    #expect(log.map { $0[1] as Int } ?? -1 < 10)
    try pool.close()
  }
}
