import Foundation
import SharingGRDB
import TemporaryFiles

@testable import TodosFeature

/// A data directory whose `todos.sqlite` was made by an app that stopped at `migration`, holding
/// `count` todos ("Todo 0" on top, every third one completed) inserted by that app's triggers:
/// for the migrations after it to meet at the directory's next open.
func listMadeBefore(_ migration: String, count: Int) throws -> TemporaryDirectory {
  let directory = try TemporaryDirectory()
  let old = try DatabaseQueue(path: directory.file("todos.sqlite").path)
  try TodosSchema.migrator.migrate(old, upTo: migration)
  try old.write { db in
    try db.execute(sql: """
      WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < ?)
      INSERT INTO "todos" ("id", "description", "isComplete", "position")
      SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", "i" % 3 = 0, "i" FROM "n"
      """, arguments: [count])
  }
  try old.close()
  return directory
}
