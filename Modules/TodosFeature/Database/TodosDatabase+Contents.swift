import Foundation
import GRDB

extension TodosDatabase {
  /// The database's contents as the bytes of a database file, read in one transaction: what a
  /// recorded session of a list that was not empty starts from.
  public static func contents(of database: any DatabaseReader) throws -> Data {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let copy = try DatabaseQueue(path: file.path)
    try database.backup(to: copy)
    try copy.close()
    return try Data(contentsOf: file)
  }

  /// A database in memory holding `contents` (the bytes of a database file, as
  /// ``contents(of:)`` gives them), brought up to date by ``TodosSchema``: where a replay of a
  /// session that started from a list runs.
  public static func inMemory(contents: Data) throws -> any DatabaseWriter {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    try contents.write(to: file)
    let source = try DatabaseQueue(path: file.path)
    let database = try DatabaseQueue()
    try source.backup(to: database)
    try source.close()
    try TodosSchema.migrator.migrate(database)
    return database
  }
}
