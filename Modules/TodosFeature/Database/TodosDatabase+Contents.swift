import Foundation
import GRDB

extension TodosDatabase {
  /// The database's contents as the bytes of a database file, read in one transaction: what a
  /// recorded session of a list that was not empty starts from.
  public static func contents(of database: any DatabaseReader) throws -> Data {
    try Self.contents { copy in try database.backup(to: copy) }
  }

  /// The contents of the database `db` is a connection to, as the bytes of a database file: what
  /// a recorded session keeps of a commit another app made (``ExternalCommits``).
  public static func contents(of db: Database) throws -> Data {
    try Self.contents { copy in try copy.writeWithoutTransaction { try db.backup(to: $0) } }
  }

  /// A database in memory holding `contents` (the bytes of a database file, as
  /// ``contents(of:)-(any DatabaseReader)`` gives them), brought up to date by ``TodosSchema``:
  /// where a replay of a session that started from a list runs.
  public static func inMemory(contents: Data) throws -> any DatabaseWriter {
    let database = try DatabaseQueue()
    try replaceContents(of: database, with: contents)
    return database
  }

  /// Replaces what `database` holds with `contents`, as another app's commit replaced it in a
  /// recorded run; the keys reading it fetch again before this returns.
  public static func replaceContents(of database: any DatabaseWriter, with contents: Data) throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    try contents.write(to: file)
    let source = try DatabaseQueue(path: file.path)
    try source.backup(to: database)
    try source.close()
    try TodosSchema.migrator.migrate(database)
    try database.write { db in
      db.clearSchemaCache()
      try db.notifyChanges(in: .fullDatabase)
    }
  }

  /// The bytes of a database file that `copy` fills.
  private static func contents(_ copy: (DatabaseQueue) throws -> Void) throws -> Data {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let queue = try DatabaseQueue(path: file.path)
    try copy(queue)
    try queue.close()
    return try Data(contentsOf: file)
  }

  private static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString).sqlite")
  }
}
