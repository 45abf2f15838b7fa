import BenchmarkSupport
import Foundation
import GRDB
import TodosFeature

/// How many todos a database holds: its rows, and the total its triggers keep in `todoCounts`,
/// which the app's header shows. The two must agree.
struct TodoCount: Equatable, CustomStringConvertible {
  /// `count(*)` of the `todos` table.
  let rows: Int
  /// `todoCounts.total`.
  let counted: Int

  /// The counts given.
  init(rows: Int, counted: Int) {
    (self.rows, self.counted) = (rows, counted)
  }

  /// The counts in `db`.
  init(in db: Database) throws {
    rows = try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todos""#) ?? 0
    counted = try Int.fetchOne(db, sql: #"SELECT "total" FROM "todoCounts""#) ?? 0
  }

  /// The counts in the `todos.sqlite` of `dataDirectory`, read once the apps that wrote it have
  /// exited (their `-wal` included).
  init(dataDirectory: URL) {
    let path = dataDirectory.appendingPathComponent(TodosDatabase.fileName).path
    let database = try! DatabaseQueue(path: path)
    self = try! database.read { try TodoCount(in: $0) }
    try! database.close()
  }

  /// `20000 rows, 20000 counted`.
  var description: String { "\(rows) rows, \(counted) counted" }
}
