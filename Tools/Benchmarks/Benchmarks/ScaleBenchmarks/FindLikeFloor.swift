import BenchmarkSupport
import Foundation
import GRDB

/// The floor a find is measured against: what SQLite's `LIKE` takes to count the todos holding a
/// word and read the first page of them in the order shown, scanning every description, over a
/// copy of a size's `todos.sqlite`. Each word costs the same: the scan reads the whole list.
struct FindLikeFloor {
  /// The count and the first page's read, once the database is open and its pages cached.
  let elapsed: Duration

  /// Measures the scan for `word` over `size` todos: the median of three, after one to warm.
  init(word: String, size: Int) {
    let (scratch, data) = TodoFixture.freshRun(size: size)
    defer { removeScratchDirectory(scratch) }
    let database = try! DatabaseQueue(path: data.appendingPathComponent(TodosDatabaseFile.fileName).path)
    let pattern = "%\(word)%"
    let clock = ContinuousClock()
    var times: [Duration] = []
    for _ in 0..<4 {
      times.append(clock.measure {
        try! database.read { db in
          _ = try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todos" WHERE "description" LIKE ?"#, arguments: [pattern])
          _ = try String.fetchAll(db, sql: """
            SELECT "id" FROM "todos" WHERE "description" LIKE ? ORDER BY "position" LIMIT 20
            """, arguments: [pattern])
        }
      })
    }
    elapsed = times.dropFirst().sorted()[1]
    try! database.close()
  }
}
