import CSQLite
import SharingGRDB
import Testing

/// The instructions SQLite's virtual machine runs on `db`'s connection for `body`, counted a
/// hundred at a time by its progress handler: the work of a read, which stepping through rows
/// (`OFFSET`, `count(*)`) makes grow with the rows stepped through.
func sqliteInstructions<T>(_ db: Database, _ body: () throws -> T) throws -> (T, Int) {
  let counter = InstructionCounter()
  let connection = try #require(db.sqliteConnection)
  sqlite3_progress_handler(connection, 100, { context in
    Unmanaged<InstructionCounter>.fromOpaque(context!).takeUnretainedValue().hundreds += 1
    return 0
  }, Unmanaged.passUnretained(counter).toOpaque())
  defer { sqlite3_progress_handler(connection, 0, nil, nil) }
  let result = try body()
  return (result, counter.hundreds * 100)
}

/// What SQLite's progress handler adds to: the hundreds of instructions run.
private final class InstructionCounter {
  var hundreds = 0
}
