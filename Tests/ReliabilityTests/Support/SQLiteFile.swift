import Foundation

/// A database file the app wrote, opened by the test itself through the system's SQLite
/// (``SQLiteLibrary``) to look at what is really in it: `PRAGMA integrity_check`, the todos'
/// rows, or a write lock held while the app tries to write.
///
/// ```swift
/// let database = try SQLiteFile(directory.file("todos.sqlite"))
/// #expect(try database.rows("PRAGMA integrity_check") == [["ok"]])
/// ```
final class SQLiteFile {
  private let library: SQLiteLibrary
  private var connection: OpaquePointer?

  /// Opens the existing file at `url` to read and write (opening a database left by a killed
  /// writer recovers its write-ahead log, as the app's next start would); a write waits up to
  /// `busyTimeout` for another process's.
  init(_ url: URL, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
    library = try SQLiteLibrary.shared.get()
    var connection: OpaquePointer?
    let status = library.open(url.path, &connection, SQLiteLibrary.openReadWrite, nil)
    self.connection = connection
    guard status == 0 else {
      let error = SQLiteError(message: "cannot open \(url.path): \(message)")
      close()
      throw error
    }
    _ = library.busyTimeout(connection, Int32(busyTimeout.components.seconds * 1_000))
  }

  /// The rows `sql` (one statement) answers, each column as text (`nil` for NULL).
  @discardableResult
  func rows(_ sql: String) throws(SQLiteError) -> [[String?]] {
    var statement: OpaquePointer?
    guard library.prepare(connection, sql, -1, &statement, nil) == 0 else {
      throw SQLiteError(message: "cannot prepare \(sql): \(message)")
    }
    defer { _ = library.finalize(statement) }
    var rows: [[String?]] = []
    while true {
      let status = library.step(statement)
      if status == SQLiteLibrary.done { return rows }
      guard status == SQLiteLibrary.row else { throw SQLiteError(message: "\(sql): \(message)") }
      rows.append((0..<library.columnCount(statement)).map { column in
        library.columnText(statement, column).map { String(cString: $0) }
      })
    }
  }

  /// The first column of every row `sql` answers.
  func column(_ sql: String) throws(SQLiteError) -> [String?] {
    try rows(sql).map { $0.first ?? nil }
  }

  /// The descriptions of every todo in the app's `todos` table.
  func todoDescriptions() throws(SQLiteError) -> [String] {
    try column(#"SELECT "description" FROM "todos""#).compactMap { $0 }
  }

  /// Whether the database holds the app's tables: an app killed before its first migration
  /// committed leaves a database with none, which the next app migrates.
  func hasTodosTable() throws(SQLiteError) -> Bool {
    try hasTable("todos")
  }

  /// Whether the database holds the table `name`. Each of the app's migrations commits on its
  /// own, so an app killed between two leaves the tables of the first without those of the
  /// next (`todos` without `todoIndexing`), which the next app makes.
  func hasTable(_ name: String) throws(SQLiteError) -> Bool {
    let quoted = name.replacingOccurrences(of: "'", with: "''")
    return try column(#"SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "name" = '\#(quoted)'"#).count == 1
  }

  /// Closes the connection (once; later calls do nothing).
  func close() {
    if let connection { _ = library.close(connection) }
    connection = nil
  }

  /// The connection's last error message.
  private var message: String {
    library.errorMessage(connection).map { String(cString: $0) } ?? "out of memory"
  }

  deinit {
    close()
  }
}
