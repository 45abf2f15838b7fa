import Foundation
import Locking
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// When a commit starts a checkpoint of the todos database's log: once it passes the threshold,
/// then each time it grows by the threshold again while commits keep it from starting over — not
/// at every commit past it, which opened a connection and synced the disk twice per command.
struct TodosCheckpointScheduleTests {
  let threshold = TodosCheckpoint.threshold

  @Test func aLogPastTheThresholdStartsOneCheckpointNotOnePerCommit() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    let whileRunning = [threshold - 1, threshold + 15, threshold + 30].map { schedule.starts(atLogLength: $0) }
    #expect(whileRunning == [false, true, false])
    schedule.ended()
    let afterIt = [threshold + 45, 2 * threshold + 14, 2 * threshold + 15].map { schedule.starts(atLogLength: $0) }
    #expect(afterIt == [false, false, true])
  }

  @Test func aLogStartedAgainIsMeasuredFromItsBeginning() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    #expect([3 * threshold].map { schedule.starts(atLogLength: $0) } == [true])
    schedule.ended()
    let again = [12, threshold - 1, threshold].map { schedule.starts(atLogLength: $0) }
    #expect(again == [false, false, true])
  }

  @Test func aCheckpointThatCouldNotRunIsStartedAgainAtTheNextCommit() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    #expect([threshold + 5].map { schedule.starts(atLogLength: $0) } == [true])
    schedule.ended(done: false)
    #expect([threshold + 9].map { schedule.starts(atLogLength: $0) } == [true])
  }
}

/// The checkpoint on the writer that starts the log again does not make the writer wait for a
/// long checkpoint off it: after a commit of many megabytes (an import) that one takes seconds,
/// and every command would wait as long. It runs once the other has ended.
@Suite(.timeLimit(.minutes(1)))
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
