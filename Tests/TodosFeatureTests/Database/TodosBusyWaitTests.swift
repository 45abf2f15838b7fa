import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// The writer asks again for a lock another app holds every 100 µs for the first 10 ms, then
/// every millisecond, until the busy timeout; it then fails, and a lock released is taken.
@Suite(.timeLimit(.minutes(5)))
struct TodosBusyWaitTests {
  @Test func theTriesAreCloseAtFirstAndStopAtTheTimeout() {
    #expect([0, 1, 99, 100, 101].map(TodosBusyWait.pause(beforeAttempt:)) == [100, 100, 100, 1_000, 1_000])
    #expect([0, 1, 100, 101, 102].map(TodosBusyWait.waited(beforeAttempt:)) == [0, 100, 10_000, 11_000, 12_000])
    // NB: 5 s is 10 ms of short tries, then 4,990 of a millisecond.
    #expect(TodosBusyWait.waited(beforeAttempt: 5_090) == 5_000_000)
  }

  @Test func aWriteGivesUpAtTheTimeoutAndTakesTheLockOnceReleased() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("t.sqlite").path
    var holding = Configuration()
    // NB: it holds the write lock across two accesses, as another app's transaction does.
    holding.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: path, configuration: holding)
    try other.write { db in try db.execute(sql: #"CREATE TABLE "t" ("x")"#) }
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      if let connection = db.sqliteConnection { TodosBusyWait.install(on: connection, timeout: 0.05) }
    }
    let waiting = try DatabaseQueue(path: path, configuration: configuration)

    // NB: another connection holds the write lock past the timeout: the write fails, busy.
    try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    #expect(throws: DatabaseError.self) {
      try waiting.write { db in try db.execute(sql: #"INSERT INTO "t" VALUES (1)"#) }
    }
    // NB: released, the lock is taken.
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      try? other.inDatabase { db in try db.execute(sql: "COMMIT") }
      released.signal()
    }
    released.wait()
    try waiting.write { db in try db.execute(sql: #"INSERT INTO "t" VALUES (2)"#) }
    #expect(try waiting.read { db in try Int.fetchAll(db, sql: #"SELECT "x" FROM "t""#) } == [2])
  }
}
