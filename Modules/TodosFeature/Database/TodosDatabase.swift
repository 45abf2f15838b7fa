import Foundation
import GRDB

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
/// its place, said in one line; a database of a newer schema, or one that cannot be opened or
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
      throw .unusable(path: url.path, reason: "cannot create its directory: \(Self.reason(error))")
    }
    var reports: [String] = []
    let database: any DatabaseWriter
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
    if let report = TodosImport.importFile(in: directory, into: database, now: now) {
      reports.append(report)
    }
    return Opening(database: database, reports: reports)
  }

  /// A blank in-memory database with the schema: one per test, or per preview.
  public static func inMemory() -> any DatabaseWriter {
    // NB: an in-memory database opens without touching the file system, and the migrations are
    //     this module's own: neither can fail.
    let database = try! DatabaseQueue()
    try! TodosSchema.migrator.migrate(database)
    return database
  }

  /// Opens the pool and migrates it, refusing a newer schema; tries again when another app
  /// making the same file at the same moment made a step fail.
  ///
  /// Two apps starting on a missing file both create it, switch it to WAL and read which
  /// migrations are applied before either applies one: the second to apply a migration fails
  /// (its table exists, or its identifier is recorded), and switching the journal can find the
  /// file locked at once, without waiting. Each migration is one transaction that records its
  /// identifier, so a failed step leaves nothing half done, and the next attempt starts from what
  /// the other app committed. A file that is not a database fails every attempt the same way.
  private static func openMigrated(at url: URL) throws -> DatabasePool {
    var attemptsLeft = 2
    while true {
      let start = ContinuousClock.now
      do {
        return try openMigratedOnce(at: url)
      } catch let error as DatabaseError
        where attemptsLeft > 0 && ![.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
          // NB: a file locked by another process for the whole busy timeout is not that race:
          //     it is refused at once rather than waited for again.
          && ContinuousClock.now - start < .seconds(busyTimeout)
      {
        attemptsLeft -= 1
      }
    }
  }

  /// One attempt of ``openMigrated(at:)``.
  private static func openMigratedOnce(at url: URL) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    let pool = try DatabasePool(path: url.path, configuration: configuration)
    let migrator = TodosSchema.migrator
    if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
      throw TodosDatabaseError.newerSchema(path: url.path)
    }
    try migrator.migrate(pool)
    return pool
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

  /// An error's reason, on one line: SQLite's message for a database error.
  static func reason(_ error: any Error) -> String {
    let text: String
    if let error = error as? DatabaseError {
      text = error.message ?? "\(error.resultCode)"
    } else {
      text = (error as NSError).localizedDescription
    }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
