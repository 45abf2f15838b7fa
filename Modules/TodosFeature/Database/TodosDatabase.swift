import Foundation
import GRDB
import GRDBSQLite

/// The todos database: `todos.sqlite` in the data directory, opened as a `DatabasePool` (WAL,
/// so readers never wait for a writer), brought up to date by ``TodosSchema``, with the todos of
/// an earlier app's `todos.json` imported on the way.
///
/// The launcher opens it once and sets it as the default database:
///
/// ```swift
/// let opening = try TodosDatabase.open(in: dataDirectory)
/// for line in opening.reports { print(line) }
/// prepareDependencies { $0.defaultDatabase = opening.database }
/// ```
///
/// A file that is not a database, or a corrupt one, is kept aside as
/// `todos.sqlite.corrupt-<time>` (its `-wal` and `-shm` beside it) and a fresh database is made in
/// its place, said in one line; a list made by an app without find has its words indexed at its
/// first open, said in one line; a database of a newer schema, or one that cannot be opened or
/// written (read-only, locked, a directory in its place), is refused with one line
/// (``TodosDatabaseError``) and left as it is.
public enum TodosDatabase {
  /// The database file's name in the data directory.
  public static let fileName = "todos.sqlite"

  /// How long a write waits for another process's write to finish before failing.
  public static let busyTimeout: TimeInterval = 5

  /// An opened database, and the lines to show about what opening it did (a file kept aside,
  /// todos imported).
  public struct Opening: Sendable {
    /// The database, migrated.
    public let database: any DatabaseWriter
    /// One line for each thing worth telling: a corrupt file kept aside, an import.
    public let reports: [String]
    /// What checkpoints the database's log off its writer.
    let checkpoint: TodosCheckpoint?
    /// What reads the words of imported todos for find, off the main actor; `nil` when every
    /// word was read at open.
    let indexer: TodosWordIndexer?

    /// Waits until the words of every todo imported are read for find: the todos are shown at
    /// once, their words a moment later (about ten seconds for a million todos).
    public func waitForIndexing() {
      indexer?.wait()
    }

    /// Stops reading words for find after the slice under way, and waits for it: the app is
    /// ending. The next open reads the rest.
    public func stopIndexing() {
      indexer?.stop()
    }

    /// Closes the database once a checkpoint under way, and the slice of words being read,
    /// have ended: with no other connection to it, SQLite folds the log into the file, and
    /// `todos.sqlite` alone holds every todo. Words left to read are read at the next open.
    public func close() throws {
      indexer?.stop()
      checkpoint?.finish()
      try (database as? DatabasePool)?.close()
    }
  }

  /// Opens (or makes) `todos.sqlite` in `directory`, migrates it, and imports `todos.json` when
  /// there is one.
  ///
  /// - Parameters:
  ///   - directory: The data directory; made if missing.
  ///   - now: When, for the names of files kept aside.
  /// - Throws: ``TodosDatabaseError`` when the database is of a newer schema or cannot be used.
  public static func open(in directory: URL, now: Date = Date()) throws(TodosDatabaseError) -> Opening {
    let url = directory.appendingPathComponent(fileName)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .unusable(path: url.path, reason: "cannot create its directory: \(Self.whyNotCreated(directory) ?? Self.reason(error))")
    }
    var reports: [String] = []
    let database: (pool: DatabasePool, checkpoint: TodosCheckpoint, indexed: Int)
    do {
      database = try openMigrated(at: url)
    } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
      let aside = url.asideURL("corrupt", date: now)
      do {
        try keepAside(url, at: aside)
      } catch {
        throw .unusable(path: url.path, reason: "\(Self.reason(error)); it could not be moved aside")
      }
      reports.append(
        "\(url.path) is not a readable database (\(Self.reason(error))); it was moved aside to \(aside.path) and a new one was made."
      )
      do {
        database = try openMigrated(at: url)
      } catch let error as TodosDatabaseError {
        throw error
      } catch {
        throw .unusable(path: url.path, reason: Self.reason(error))
      }
    } catch let error as TodosDatabaseError {
      throw error
    } catch {
      throw .unusable(path: url.path, reason: Self.reason(error))
    }
    if database.indexed > 0 {
      let count = "\(database.indexed) todo\(database.indexed == 1 ? "" : "s")"
      reports.append("Indexed the words of \(count) in \(url.path), for find.")
    }
    if let report = TodosImport.importFile(in: directory, into: database.pool, now: now) {
      reports.append(report)
    }
    // NB: an import, or a start after one that was stopped before every word was read, leaves
    //     words to read: they are read off the prompt's path.
    let isIndexing = (try? database.pool.read(TodosWordIndex.hasPending)) == true
    return Opening(
      database: database.pool, reports: reports, checkpoint: database.checkpoint,
      indexer: isIndexing ? TodosWordIndexer(database: database.pool) : nil
    )
  }

  /// A blank in-memory database with the schema: one per test, or per preview.
  public static func inMemory() -> any DatabaseWriter {
    // NB: an in-memory database opens without touching the file system, the migrations are this
    //     module's own, and a backup between two in-memory databases copies pages: none can fail.
    let database = try! DatabaseQueue()
    try! blank.backup(to: database)
    return database
  }

  /// The schema, migrated once per process: each ``inMemory()`` database is a copy of its
  /// pages, which costs a fraction of running the migrations again (their statements are
  /// prepared one by one, each read by GRDB's authorizer).
  private static let blank: DatabaseQueue = {
    let database = try! DatabaseQueue()
    try! TodosSchema.migrator.migrate(database)
    return database
  }()

  /// Opens the pool and migrates it, refusing a newer schema and a file it cannot write; tries
  /// again when another app making the same file at the same moment made a step fail.
  ///
  /// Two apps starting on a missing file both create it, switch it to WAL and read which
  /// migrations are applied before either applies one: the second to apply a migration fails
  /// (its table exists, or its identifier is recorded), and switching the journal can find the
  /// file locked at once, without waiting for the busy timeout. Each migration is one
  /// transaction that records its identifier, so a failed step leaves nothing half done, and the
  /// next attempt, a moment later, starts from what the other app committed. Attempts go on for
  /// as long as the busy timeout: a file another process keeps locked that long is refused, and
  /// a file that is not a database fails at once, kept aside by the caller.
  private static func openMigrated(at url: URL) throws -> (pool: DatabasePool, checkpoint: TodosCheckpoint, indexed: Int) {
    let start = ContinuousClock.now
    while true {
      do {
        return try openMigratedOnce(at: url)
      } catch let error as DatabaseError
        where mayPassByTryingAgain(error) && ContinuousClock.now - start < .seconds(busyTimeout)
      {
        // NB: the other app's step takes milliseconds; a pause lets it end, and spares the
        //     file a busy loop.
        usleep(20_000)
      }
    }
  }

  /// Whether an attempt that failed with `error` may pass a moment later: a step another app
  /// making the same file raced with. A file that is not a database, is damaged, can only be
  /// read or cannot be opened at all (a directory in its place, a folder the app may not enter)
  /// fails the same way every time, and is refused at once rather than after the busy timeout.
  static func mayPassByTryingAgain(_ error: DatabaseError) -> Bool {
    ![.SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode)
  }

  /// One attempt of ``openMigrated(at:)``; `indexed` is how many todos' words its migrations
  /// indexed for find (none but for a list made before find).
  private static func openMigratedOnce(at url: URL) throws -> (pool: DatabasePool, checkpoint: TodosCheckpoint, indexed: Int) {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    // NB: in WAL mode, NORMAL syncs at checkpoints rather than at every commit: a commit
    //     survives the app's crash or kill (the log is in the system's hands once written), and
    //     the database is never damaged; only a power cut may roll back the last commits.
    // NB: the writer's checkpoints run off its connection (`TodosCheckpoint`): a command never
    //     waits for the disk to sync the log into the file.
    let checkpoint = TodosCheckpoint(path: url.path)
    // NB: a statement whose triggers write other tables keeps what it changes in a statement
    //     journal, to undo it alone should it fail. Past 64 KiB (an import, a `clear`) SQLite
    //     moves that journal to a file, and keeps the file for the connection's life: from then
    //     on every such statement writes its pages there, one system call each (an import made
    //     about five per todo). In memory, it stays in memory.
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      if !db.configuration.readonly {
        try checkpoint.takeOver(db)
        // NB: the lock another app holds is asked for again every 100 µs, not after SQLite's
        //     sleeps of 1 ms and more (`TodosBusyWait`).
        if let connection = db.sqliteConnection { TodosBusyWait.install(on: connection) }
      }
    }
    let pool = try DatabasePool(path: url.path, configuration: configuration)
    checkpoint.attach(to: pool)
    let migrator = TodosSchema.migrator
    if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
      throw TodosDatabaseError.newerSchema(path: url.path)
    }
    let indexed = try pool.read { db in
      guard try db.tableExists("todos"), try !migrator.appliedIdentifiers(db).contains(TodosSchema.findMigration) else { return 0 }
      return try TodoCounts.fetch(db).total
    }
    try migrator.migrate(pool)
    // NB: a database up to date is opened without a write, and SQLite opens a file it may not
    //     write read-only (with its log there, GRDB writes nothing at open either): asked now,
    //     it is refused at start rather than at the first change.
    let isReadOnly = pool.writeWithoutTransaction { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }
    guard !isReadOnly else {
      throw TodosDatabaseError.unusable(path: url.path, reason: "it can only be read: the app cannot save to it")
    }
    return (pool, checkpoint, indexed)
  }

  /// Moves the database file, and its WAL and shared-memory files when there are, to `aside`.
  private static func keepAside(_ url: URL, at aside: URL) throws {
    let manager = FileManager.default
    try manager.moveItem(at: url, to: aside)
    for suffix in ["-wal", "-shm"] {
      let companion = URL(fileURLWithPath: url.path + suffix)
      if manager.fileExists(atPath: companion.path) {
        try manager.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))
      }
    }
  }

  /// Why `directory` cannot be made, in the system's words: the first of its ancestors that
  /// exists is not a directory (`Not a directory`), or making the next one fails as `mkdir` says
  /// (`Permission denied`); `nil` when neither explains it.
  ///
  /// NB: Foundation reports a directory it could not make by its own error code alone.
  private static func whyNotCreated(_ directory: URL) -> String? {
    var missing = directory.standardizedFileURL
    var ancestor = missing.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
      guard ancestor.path != "/" else { return nil }
      missing = ancestor
      ancestor = ancestor.deletingLastPathComponent()
    }
    guard isDirectory.boolValue else { return String(cString: strerror(ENOTDIR)) }
    guard mkdir(missing.path, 0o755) != 0 else {
      rmdir(missing.path)
      return nil
    }
    return String(cString: strerror(errno))
  }

  /// An error's reason, on one line: SQLite's message for a database error, the system's words
  /// for a file system error (`Not a directory`), rather than Foundation's error code.
  static func reason(_ error: any Error) -> String {
    let text: String
    if let error = error as? DatabaseError {
      text = error.message ?? "\(error.resultCode)"
    } else if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      text = String(cString: strerror(Int32(underlying.code)))
    } else {
      text = (error as NSError).localizedDescription
    }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
