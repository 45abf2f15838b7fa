import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature
import TodosTesting

/// A start that finds an earlier app's `todos.json` merges its todos into the list by id in one
/// transaction, keeps the file aside and says so; the next start imports nothing. A file that
/// cannot be read or decoded is kept aside and reported as the file-backed list reported it.
@Suite(.timeLimit(.minutes(5)))
struct TodosImportTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  static let json = """
    [
      {"id": "00000000-0000-0000-0000-000000000001", "description": "Walk dog", "isComplete": false},
      {"id": "00000000-0000-0000-0000-000000000002", "description": "Buy milk", "isComplete": true, "notes": "2% fat"},
      {"id": "00000000-0000-0000-0000-000000000003", "description": "Call mum", "isComplete": false}
    ]
    """

  func todos(_ database: any DatabaseWriter) throws -> [Todo.State] {
    try database.read { db in
      try Todo.State.fetchAll(db, sql: #"SELECT * FROM "todos" ORDER BY "position""#)
    }
  }

  @Test func theFirstStartImportsEveryTodoInOrderAndKeepsTheFileAside() throws {
    let directory = try TemporaryDirectory()
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.json.imported-20270115-080000.000")
    #expect(
      opening.reports == [
        "Imported 3 todos from \(directory.file("todos.json").path) into \(directory.file("todos.sqlite").path); the file was kept as \(aside.path)."
      ]
    )
    #expect(
      try todos(opening.database) == [
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(2), description: "Buy milk", isComplete: true, notes: "2% fat"),
        Todo.State(id: UUID(3), description: "Call mum"),
      ]
    )
    #expect(try opening.database.read { try Row.fetchOne($0, sql: #"SELECT "total", "completed" FROM "todoCounts""#) } == ["total": 3, "completed": 1])
    #expect(FileManager.default.contents(atPath: aside.path) == Data(Self.json.utf8))
    #expect(!FileManager.default.fileExists(atPath: directory.file("todos.json").path))

    let second = try TodosDatabase.open(in: directory.url, now: now)
    #expect(second.reports.isEmpty)
    #expect(try todos(second.database).count == 3)
  }

  @Test func aFileImportedAgainAddsNothing() throws {
    let directory = try TemporaryDirectory()
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))
    _ = try TodosDatabase.open(in: directory.url, now: now)
    // NB: as if the app had stopped between the import's commit and the file's move.
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.first?.hasPrefix("Imported 3 todos from ") == true)
    #expect(opening.reports.first?.contains("(3 already in the list, left as they were)") == true)
    #expect(try todos(opening.database).map(\.description) == ["Walk dog", "Buy milk", "Call mum"])
  }

  /// A `todos.json` that appears in a data directory whose database already holds todos is
  /// imported too: its new todos are added below the list, and one whose id is already there is
  /// left as the database holds it. Nothing of either is lost, and the line says so.
  @Test func aFileBesideADatabaseWithTodosIsMergedIntoTheListById() throws {
    let directory = try TemporaryDirectory()
    let first = try TodosDatabase.open(in: directory.url, now: now)
    try first.database.write { db in
      try db.execute(sql: #"""
        INSERT INTO "todos" ("id", "description", "isComplete", "notes", "position")
        VALUES ('00000000-0000-0000-0000-000000000002', 'Buy oat milk', 0, '', 0),
               ('00000000-0000-0000-0000-000000000009', 'Water plants', 1, '', 1)
        """#)
    }
    try first.close()
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))

    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.json.imported-20270115-080000.000")
    #expect(
      opening.reports == [
        "Imported 3 todos from \(directory.file("todos.json").path) into \(directory.file("todos.sqlite").path) (1 already in the list, left as it was); the file was kept as \(aside.path)."
      ]
    )
    #expect(
      try todos(opening.database) == [
        Todo.State(id: UUID(2), description: "Buy oat milk"),
        Todo.State(id: UUID(9), description: "Water plants", isComplete: true),
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(3), description: "Call mum"),
      ]
    )
    #expect(FileManager.default.contents(atPath: aside.path) == Data(Self.json.utf8))
    // NB: the todo already there, completed in the file, is not counted again.
    #expect(try opening.database.read { try Row.fetchOne($0, sql: #"SELECT "total", "completed" FROM "todoCounts""#) } == ["total": 4, "completed": 1])
  }

  /// The import inserts its rows with the connection's triggers off, and counts them once: a
  /// trigger on `todos` sees none of them. The triggers are on again for the writes after it.
  @Test func theImportRunsNoTriggerPerRowAndCountsItsTodosOnce() throws {
    let directory = try TemporaryDirectory()
    let first = try TodosDatabase.open(in: directory.url, now: now)
    try first.database.write { db in
      try db.execute(sql: #"""
        CREATE TABLE "inserted" ("todo" TEXT NOT NULL);
        CREATE TRIGGER "todos_seen_on_insert" AFTER INSERT ON "todos" BEGIN
          INSERT INTO "inserted" ("todo") VALUES (NEW."id");
        END;
        """#)
    }
    try first.close()
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))

    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.first?.hasPrefix("Imported 3 todos from ") == true)
    #expect(try opening.database.read { try String.fetchAll($0, sql: #"SELECT "todo" FROM "inserted""#) } == [])
    #expect(try opening.database.read { try Row.fetchOne($0, sql: #"SELECT "total", "completed" FROM "todoCounts""#) } == ["total": 3, "completed": 1])

    try opening.database.write { db in
      try db.execute(sql: #"""
        INSERT INTO "todos" ("id", "description", "position") VALUES ('00000000-0000-0000-0000-000000000009', 'Water plants', 3)
        """#)
    }
    #expect(try opening.database.read { try String.fetchAll($0, sql: #"SELECT "todo" FROM "inserted""#) } == ["00000000-0000-0000-0000-000000000009"])
    #expect(try opening.database.read { try Row.fetchOne($0, sql: #"SELECT "total", "completed" FROM "todoCounts""#) } == ["total": 4, "completed": 1])
    opening.waitForIndexing()
    #expect(try opening.database.read { try String.fetchAll($0, sql: #"SELECT DISTINCT "word" FROM "todoWords" ORDER BY "word""#) } == ["buy", "call", "dog", "milk", "mum", "plants", "walk", "water"])
  }

  @Test func twoAppsStartingAtOnceImportTheFileOnce() async throws {
    let directory = try TemporaryDirectory()
    try Data(Self.json.utf8).write(to: directory.file("todos.json"))
    async let first = offThePool { [now, url = directory.url] in try TodosDatabase.open(in: url, now: now) }
    async let second = offThePool { [now, url = directory.url] in try TodosDatabase.open(in: url, now: now) }
    let openings = try await [first, second]
    let reports = openings.flatMap(\.reports)
    #expect(reports.count == 1, "\(reports)")
    #expect(reports.first?.hasPrefix("Imported 3 todos from ") == true)
    #expect(try todos(openings[0].database).map(\.description) == ["Walk dog", "Buy milk", "Call mum"])
    #expect(try directory.names().filter { $0.hasPrefix("todos.json") }.count == 1)
  }

  @Test func aCorruptFileIsKeptAsideAndReportedAsBefore() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.json")
    let torn = Data(#"[{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComp"#.utf8)
    try torn.write(to: file)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.json.corrupt-20270115-080000.000")
    #expect(opening.reports.count == 1)
    let line = try #require(opening.reports.first)
    #expect(line.hasPrefix("Could not decode \(file.path) ("))
    #expect(line.hasSuffix("; using the default value, the file was moved aside to \(aside.path)."))
    #expect(FileManager.default.contents(atPath: aside.path) == torn)
    #expect(try todos(opening.database).isEmpty)
  }

  @Test func aFileNamingOneIdTwiceIsCorrupt() throws {
    let directory = try TemporaryDirectory()
    let todo = #"{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComplete":false}"#
    try Data("[\(todo),\(todo)]".utf8).write(to: directory.file("todos.json"))
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.first?.contains("Duplicate todo id 00000000-0000-0000-0000-000000000001") == true)
    #expect(try todos(opening.database).isEmpty)
  }

  @Test func anEmptyFileHoldsNoTodosAndIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    try Data().write(to: directory.file("todos.json"))
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports.isEmpty)
    #expect(try directory.names() == ["todos.json", "todos.sqlite", "todos.sqlite-shm", "todos.sqlite-wal"])
  }

  @Test func aDirectoryInTheFilesPlaceIsKeptAsideAndReported() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    let aside = directory.file("todos.json.corrupt-20270115-080000.000")
    let line = try #require(opening.reports.first)
    #expect(line.hasPrefix("Could not read \(file.path) ("))
    #expect(line.hasSuffix("; using the default value, the file was moved aside to \(aside.path)."))
    #expect(FileManager.default.fileExists(atPath: aside.path))
  }
}
