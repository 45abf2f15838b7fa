import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// Opening `todos.sqlite`: made and migrated on first start, WAL with a busy timeout, a newer
/// schema refused, a corrupt file kept aside for a fresh database, a file that cannot be opened
/// refused — each said in one line.
struct TodosDatabaseTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aFirstStartMakesAMigratedDatabaseInWALMode() throws {
    let directory = try TemporaryDirectory()
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.isEmpty)
    let (journalMode, busyTimeout, synchronous, counts) = try opening.database.write { db in
      (
        try String.fetchOne(db, sql: "PRAGMA journal_mode"),
        try Int.fetchOne(db, sql: "PRAGMA busy_timeout"),
        try Int.fetchOne(db, sql: "PRAGMA synchronous"),
        try Row.fetchOne(db, sql: #"SELECT "total", "completed" FROM "todoCounts""#)
      )
    }
    #expect(journalMode == "wal")
    // NB: SQLite's own busy timeout is off: the writer waits for another app's lock with a
    //     handler of its own (`TodosBusyWait`), for `TodosDatabase.busyTimeout`.
    #expect(busyTimeout == 0)
    #expect(synchronous == 1)
    #expect(counts == ["total": 0, "completed": 0])
    #expect(try directory.names().contains("todos.sqlite"))
  }

  @Test func aSecondStartOpensWhatTheFirstWrote() throws {
    let directory = try TemporaryDirectory()
    do {
      let opening = try TodosDatabase.open(in: directory.url, now: now)
      try opening.database.write { db in
        try db.execute(sql: #"INSERT INTO "todos" ("id", "description", "position") VALUES ('A', 'Kept', 0)"#)
      }
    }
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.isEmpty)
    #expect(try opening.database.read { try String.fetchAll($0, sql: #"SELECT "description" FROM "todos""#) } == ["Kept"])
  }

  @Test func aDatabaseOfANewerSchemaIsRefusedAndLeftAsItIs() throws {
    let directory = try TemporaryDirectory()
    do {
      let opening = try TodosDatabase.open(in: directory.url, now: now)
      var migrator = TodosSchema.migrator
      migrator.registerMigration("A later version's change") { _ in }
      try migrator.migrate(opening.database)
    }
    let file = directory.file("todos.sqlite")
    #expect(throws: TodosDatabaseError.newerSchema(path: file.path)) {
      try TodosDatabase.open(in: directory.url, now: now)
    }
    #expect(
      TodosDatabaseError.newerSchema(path: file.path).description
        == "\(file.path) was written by a newer version of the app; it is left as it is. Open it with that version."
    )
    #expect(try directory.names().filter { $0.contains("corrupt") }.isEmpty)
  }

  @Test func aFileThatIsNotADatabaseIsKeptAsideAndAFreshOneMade() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite")
    let garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: file)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.sqlite.corrupt-20270115-080000.000")
    #expect(
      opening.reports == [
        "\(file.path) is not a readable database (file is not a database); it was moved aside to \(aside.path) and a new one was made."
      ]
    )
    #expect(FileManager.default.contents(atPath: aside.path) == garbage)
    #expect(try opening.database.read { try Int.fetchOne($0, sql: #"SELECT count(*) FROM "todos""#) } == 0)
  }

  /// A failure that comes back at every attempt is not tried again for the busy timeout's five
  /// seconds: only a step raced with another app making the file is.
  @Test func onlyARaceWithAnotherAppIsTriedAgain() {
    #expect(TodosDatabase.mayPassByTryingAgain(DatabaseError(resultCode: .SQLITE_BUSY)))
    #expect(TodosDatabase.mayPassByTryingAgain(DatabaseError(resultCode: .SQLITE_ERROR)))
    for code in [ResultCode.SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_READONLY] {
      #expect(!TodosDatabase.mayPassByTryingAgain(DatabaseError(resultCode: code)))
    }
  }

  @Test func aDatabaseThatCannotBeOpenedIsRefusedInOneLine() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    do {
      _ = try TodosDatabase.open(in: directory.url, now: now)
      Issue.record("a directory in the database's place was opened")
    } catch {
      guard case .unusable(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == file.path)
      #expect(!error.description.contains("\n"))
      #expect(error.description.hasPrefix("Could not open \(file.path) ("))
    }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  /// A data directory that cannot be made says why in the system's words, not Foundation's code.
  @Test func aDirectoryThatCannotBeMadeSaysWhy() throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.file("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let data = blocker.appendingPathComponent("data")
    #expect(throws: TodosDatabaseError.unusable(
      path: data.appendingPathComponent("todos.sqlite").path,
      reason: "cannot create its directory: Not a directory"
    )) {
      try TodosDatabase.open(in: data, now: now)
    }
  }

  @Test func anInMemoryDatabaseHasTheSchema() throws {
    let database = TodosDatabase.inMemory()
    let tables = try database.read { db in (try db.tableExists("todos"), try db.tableExists("todoCounts")) }
    #expect(tables == (true, true))
  }

  /// Each in-memory database is a copy of one migrated once: its own, migrated as a fresh one is,
  /// and what one holds is none of another's.
  @Test func inMemoryDatabasesAreMigratedAndEachItsOwn() throws {
    let first = TodosDatabase.inMemory()
    let second = TodosDatabase.inMemory()
    let applied = try first.read { db in try TodosSchema.migrator.appliedIdentifiers(db) }
    #expect(applied == Set(TodosSchema.migrator.migrations))
    try first.write { db in
      try db.execute(sql: #"INSERT INTO "todos" ("id", "description", "position") VALUES ('a', 'Buy milk', 1)"#)
    }
    let counts = try [first, second, TodosDatabase.inMemory()].map { database in
      try database.read { db in try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "todos""#) }
    }
    #expect(counts == [1, 0, 0])
  }
}
