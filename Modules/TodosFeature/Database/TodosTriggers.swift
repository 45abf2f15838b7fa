import CSQLite
import GRDB

/// A connection's triggers, turned off for a bulk write that does their work itself.
///
/// Each trigger on `todos` is cheap for one row but costs a statement journal and a subquery for
/// every row of an import, to do nothing: an import records no step for undo and leaves its
/// words to be read later. With the triggers off, ``TodosImport`` inserts the rows alone and
/// adds them to `todoCounts` in one write. Only this connection is affected, and only while the
/// import's transaction holds the write lock: another app's writes run their triggers as ever.
enum TodosTriggers {
  /// Runs `body` with `db`'s triggers off, and turns them on again after it, whether it returns
  /// or throws. `body` is told whether they are off: SQLite may refuse the option, and then
  /// they stay on and do their work as for any write.
  ///
  /// NB: SQLite prepares a connection's statements again after the option changes, so a cached
  ///     statement prepared with the triggers on does not run them while they are off, nor the
  ///     other way round.
  static func withTriggersOff<Result>(_ db: Database, _ body: (_ areOff: Bool) throws -> Result) rethrows -> Result {
    guard let connection = db.sqliteConnection, csqlite_enable_triggers(connection, 0) == 0 else {
      return try body(false)
    }
    defer { _ = csqlite_enable_triggers(connection, 1) }
    return try body(true)
  }
}
