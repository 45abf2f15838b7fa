import BenchmarkSupport
import Foundation
import GRDB
import TodosFeature

/// The `todos.sqlite` the scale benchmarks start from: made from a `todos.json` by the app's own
/// import, as the first start of the database app over that file makes it
/// (`TodosDatabase.open(in:)`), then closed, so that the one file holds every todo and a run
/// copies it alone (no `-wal` or `-shm` beside it).
enum TodosDatabaseFile {
  /// The file's name in a data directory.
  static let fileName = TodosDatabase.fileName

  /// Makes `todos.sqlite` in `directory` by importing `json`, a `todos.json` of `size` todos,
  /// which is left in place; checks that the import said so and that the database holds `size`
  /// todos.
  static func make(importing json: URL, size: Int, into directory: URL) {
    let manager = FileManager.default
    let work = directory.appendingPathComponent("import", isDirectory: true)
    try! manager.createDirectory(at: work, withIntermediateDirectories: true)
    // NB: A hard link, not a copy: the import moves its `todos.json` aside, which leaves `json`
    //     where it is, and 1,000,000 todos' file is 100 MB.
    try! manager.linkItem(at: json, to: work.appendingPathComponent(TodosJSON.fileName))
    let opening: TodosDatabase.Opening
    do {
      opening = try TodosDatabase.open(in: work)
    } catch {
      fatalError("cannot import \(size) todos into a database: \(error.description)")
    }
    let imported = "Imported \(size) todo"
    require(
      opening.reports.count == 1 && opening.reports[0].hasPrefix(imported),
      "importing \(size) todos said \(opening.reports), not '\(imported)…'"
    )
    let count = try! opening.database.read { try TodoCount(in: $0) }
    require(count == TodoCount(rows: size, counted: size), "importing \(size) todos made \(count)")
    guard opening.database is DatabasePool else {
      fatalError("TodosDatabase.open(in:) gave a \(type(of: opening.database)), not a DatabasePool")
    }
    // NB: the words of the todos imported are read for find after the import: the benchmarks
    //     start from a list whose words are all read, as any start after the first finds it.
    opening.waitForIndexing()
    // NB: after any checkpoint under way, whose connection would otherwise outlive the pool's.
    try! opening.close()
    // NB: SQLite folds the `-wal` into the file and removes it with the `-shm` when the last
    //     connection closes, unless that connection is read-only, as a pool's last one is (it
    //     closes its writer first). One read-write connection, opened and closed, does it.
    let file = work.appendingPathComponent(fileName)
    try! DatabaseQueue(path: file.path).close()
    for suffix in ["-wal", "-shm"] {
      require(!manager.fileExists(atPath: file.path + suffix), "\(file.path)\(suffix) is left after closing the database")
    }
    try! manager.moveItem(at: file, to: directory.appendingPathComponent(fileName))
    try! manager.removeItem(at: work)
  }
}
