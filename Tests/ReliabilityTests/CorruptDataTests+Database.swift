import Foundation
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Item 2 for the database: the real `app` started over a `todos.sqlite` that is damaged, in the
/// way, refused to it, held by another process, or of a newer schema. A damaged file is kept
/// aside and the app goes on with a new database; a database it cannot use is left as it is and
/// the app exits 2. Either way it says so in one line.
extension CorruptDataTests {
  /// A way `todos.sqlite` can be bad.
  enum DatabaseFault: String, CaseIterable {
    /// 4 KiB from the system generator.
    case randomBytes
    /// A database the app made, with 20,000 todos, cut to half its length.
    case truncated
    /// A directory (with a file in it) where the database goes.
    case directory
    /// A database the app made and closed, whose file the app may not write (mode 444).
    case readOnly
    /// The same, but as a run of the app leaves it: its write-ahead log and shared-memory files
    /// beside it (the app does not close the database on exit), still writable.
    case readOnlyWithItsLog
    /// A database the app made and closed, in a data directory the app may not write: its
    /// write-ahead log cannot be made.
    case unwritableDirectory
    /// A database another process holds in exclusive locking mode for as long as the app runs.
    case locked
    /// A database a newer app migrated further than this one knows.
    case newerSchema

    /// What the app must do about it.
    var expected: Outcome {
      switch self {
      case .randomBytes, .truncated: .keptAside
      case .directory, .readOnly, .readOnlyWithItsLog, .unwritableDirectory, .locked, .newerSchema: .refused
      }
    }

    /// Whether the app must run as a user other than the file's owner (root writes any file).
    var needsAnotherUser: Bool { [.readOnly, .readOnlyWithItsLog, .unwritableDirectory].contains(self) }
  }

  /// What the app does about a bad database.
  enum Outcome {
    /// Goes on with a new database, the bad file kept aside as `todos.sqlite.corrupt-<time>`,
    /// said in one line.
    case keptAside
    /// Exits 2 before taking any command, the file left as it is, said in one line.
    case refused
  }

  /// The database's name, and the start of the name of a file kept aside.
  static let databaseName = "todos.sqlite"

  /// Makes `todos.sqlite` in `directory` by running the app once, adds `todos` todos to it
  /// through SQLite, and closes it, so that its log is checkpointed and removed.
  static func makeDatabase(in directory: TemporaryDirectory, todos: Int) async throws {
    try await runApp(over: directory)
    let database = try SQLiteFile(directory.file(databaseName))
    try database.rows("""
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(todos))
      INSERT INTO "todos" ("id", "description", "position")
      SELECT printf('00000000-0000-0000-0000-%012d', i), 'Todo ' || i, i FROM n
      """)
    database.close()
  }

  /// Runs the app over `directory` to list the todos, and checks it exits 0.
  static func runApp(over directory: TemporaryDirectory) async throws {
    let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
    app.send("todos")
    app.closeInput()
    await app.waitForExit()
    try #require(app.process.terminationStatus == 0, "\(app.errors)")
  }

  /// Puts `fault` where the database goes (a lock is taken later: ``holdLocked(_:)``).
  static func plant(_ fault: DatabaseFault, in directory: TemporaryDirectory) async throws {
    let file = directory.file(databaseName)
    switch fault {
    case .randomBytes:
      var random = SystemRandomNumberGenerator()
      try Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: file)
    case .truncated:
      try await makeDatabase(in: directory, todos: 20_000)
      let size = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
      #expect(truncate(file.path, off_t(size / 2)) == 0)
    case .directory:
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
      try Data("someone's notes".utf8).write(to: file.appendingPathComponent("notes.txt"))
    case .readOnly:
      try await makeDatabase(in: directory, todos: 3)
      chmod(file.path, 0o444)
    case .readOnlyWithItsLog:
      try await makeDatabase(in: directory, todos: 3)
      try await runApp(over: directory)
      chmod(file.path, 0o444)
    case .unwritableDirectory:
      try await makeDatabase(in: directory, todos: 3)
    case .locked:
      try await makeDatabase(in: directory, todos: 3)
    case .newerSchema:
      try await makeDatabase(in: directory, todos: 3)
      let database = try SQLiteFile(file)
      try database.rows(#"INSERT INTO "grdb_migrations" ("identifier") VALUES ('A later version''s change')"#)
      database.close()
    }
  }

  /// Another process's hold on the database (the test's own connection), in exclusive locking
  /// mode, until it is closed: the app can neither read nor write it.
  ///
  /// NB: SQLite's locks are POSIX locks, which a process loses on a file when it closes any
  ///     descriptor of that file: nothing else in the test may open it while the lock is held.
  static func holdLocked(_ file: URL) throws -> SQLiteFile {
    let holder = try SQLiteFile(file)
    try holder.rows("PRAGMA locking_mode = EXCLUSIVE")
    try holder.rows("BEGIN EXCLUSIVE")
    try holder.rows(#"SELECT count(*) FROM "todos""#)
    return holder
  }

  /// What a database holds, to compare before and after: its schema, the migrations applied, and
  /// the todos.
  static func content(of file: URL) throws -> [[String?]] {
    let database = try SQLiteFile(file)
    defer { database.close() }
    return try database.rows(#"SELECT "type", "name", "sql" FROM "sqlite_master" ORDER BY "name""#)
      + database.rows(#"SELECT "identifier" FROM "grdb_migrations" ORDER BY "identifier""#)
      + database.rows(#"SELECT "id", "description", "isComplete", "notes", "position" FROM "todos" ORDER BY "position""#)
  }

  /// Each database fault in a fresh data directory, the app run once over it.
  @Test func theAppKeepsADamagedDatabaseAsideAndRefusesOneItCannotUse() async throws {
    var (runs, keptAside, refused, untested) = (0, 0, 0, [String]())
    for fault in DatabaseFault.allCases {
      let label = "\(Self.databaseName), \(fault.rawValue)"
      let directory = try TemporaryDirectory()
      let file = directory.file(Self.databaseName)
      try await Self.plant(fault, in: directory)
      // NB: what it holds is read first: the test's own connection, the last to close, folds a
      //     log left beside the file into it, which changes its bytes and nothing it holds.
      let contentBefore = fault.expected == .refused && fault != .directory ? try Self.content(of: file) : nil
      let before = FileManager.default.contents(atPath: file.path)
      let namesBefore = try directory.names()
      let holder = fault == .locked ? try Self.holdLocked(file) : nil
      guard let launcher = fault.needsAnotherUser ? Self.launcherAsAnotherUser(directory: directory.url) : [] else {
        untested.append(label)
        continue
      }
      // NB: once the directory is handed to the other user, so that it is theirs and unwritable.
      if fault == .unwritableDirectory { chmod(directory.path, 0o555) }
      let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"], launcher: launcher)
      app.send("add Fresh start")
      app.closeInput()
      await app.waitForExit()
      holder?.close()
      chmod(directory.path, 0o700)
      runs += 1

      switch fault.expected {
      case .keptAside:
        if try Self.expectKeptAside(app: app, directory: directory, label: label, before: before) { keptAside += 1 }
      case .refused:
        if try Self.expectRefused(fault, app: app, directory: directory, label: label, before: (before, contentBefore, namesBefore)) {
          refused += 1
        }
      }
    }
    #expect(untested.isEmpty, "not tested (running as root without setpriv): \(untested)")
    reportCounts(
      "corrupt-database faults=\(DatabaseFault.allCases.count) runs=\(runs) kept-aside-and-new-database=\(keptAside) "
        + "refused-exit-2-left-as-it-was=\(refused) untested=\(untested.count)"
    )
  }

  /// The one line a bad database is reported in, after checking it is one line, under 400
  /// characters, naming the file, with no error dump in it; `nil` when there is none.
  static func reportLine(of app: Child, label: String) -> String? {
    let lines = app.errors.filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(label): \(lines)")
    guard let line = lines.first else { return nil }
    #expect(line.contains(databaseName), "\(label): \(line)")
    #expect(!["Error Domain", "Optional(", "NSCocoa"].contains { line.contains($0) }, "\(label): \(line)")
    #expect(line.count < 400, "\(label): \(line.count) characters")
    return line
  }

  /// Checks that the app went on with a new database holding the change, the damaged file kept
  /// aside byte for byte and its new place named in the report; whether the copy is exact.
  static func expectKeptAside(app: Child, directory: TemporaryDirectory, label: String, before: Data?) throws -> Bool {
    let line = reportLine(of: app, label: label)
    #expect(line?.contains(directory.file(databaseName).path) == true, "\(label): \(line ?? "")")
    #expect(app.process.terminationStatus == 0, "\(label): exit status")
    #expect(app.output.contains { $0.contains("[ ] Fresh start") }, "\(label): \(app.output)")
    #expect(try SQLiteFile(directory.file(databaseName)).todoDescriptions() == ["Fresh start"], "\(label): the change is not in the new database")
    let asides = try directory.names().filter { $0.hasPrefix("\(databaseName).corrupt-") }
    #expect(asides.count == 1, "\(label): \(asides)")
    guard let aside = asides.first.map(directory.file) else { return false }
    #expect(line?.contains(aside.path) == true, "\(label): the message does not say where the file went: \(line ?? "")")
    let kept = FileManager.default.contents(atPath: aside.path)
    #expect(kept == before, "\(label): the copy kept aside differs from the damaged file")
    return kept == before
  }

  /// Checks that the app exited 2 having shown nothing (no command was taken, so none was lost
  /// unseen), and left the database as it was — its bytes, or, for a newer schema, what it holds
  /// — with nothing kept aside or added beside it but the log files SQLite makes on opening;
  /// whether it did all that.
  static func expectRefused(
    _ fault: DatabaseFault, app: Child, directory: TemporaryDirectory, label: String,
    before: (bytes: Data?, content: [[String?]]?, names: [String])
  ) throws -> Bool {
    let file = directory.file(databaseName)
    let line = reportLine(of: app, label: label)
    #expect(line?.contains(file.path) == true, "\(label): \(line ?? "")")
    #expect(app.process.terminationStatus == 2, "\(label): exit status")
    #expect(app.output.isEmpty, "\(label): \(app.output)")
    let companions: Set<String> = ["\(databaseName)-wal", "\(databaseName)-shm"]
    let added = Set(try directory.names()).subtracting(before.names).subtracting(companions)
    #expect(added.isEmpty, "\(label): \(added.sorted())")
    var unchanged: Bool
    if fault == .newerSchema {
      // NB: GRDB's pool, opening a database without a write-ahead log, makes one by creating and
      //     dropping a table (`setUpWALMode`, GRDB issue 102) before the app reads the schema:
      //     the bytes change, what the database holds does not.
      unchanged = true
    } else {
      unchanged = FileManager.default.contents(atPath: file.path) == before.bytes
      #expect(unchanged, "\(label): the file was changed")
    }
    if fault == .directory {
      let notes = try? String(contentsOf: file.appendingPathComponent("notes.txt"), encoding: .utf8)
      #expect(notes == "someone's notes", "\(label): the directory was not kept")
      unchanged = unchanged && notes == "someone's notes"
    } else {
      let content = try content(of: file)
      #expect(content == before.content, "\(label): what the database holds changed")
      unchanged = unchanged && content == before.content
    }
    return unchanged && added.isEmpty && app.process.terminationStatus == 2
  }
}
