import Foundation
import SharingGRDB
import Testing
import TodosFeature

/// The counts the header shows are kept by triggers in `todoCounts`: every insert, deletion and
/// completion updates them, so they are read in O(1).
struct TodoCountsTests {
  @Test func triggersKeepTheCounts() throws {
    let database = TodosDatabase.inMemory()
    func counts() throws -> [Int] {
      try database.read { db in
        let row = try Row.fetchOne(db, sql: #"SELECT "total", "completed" FROM "todoCounts""#)
        return [row?["total"] ?? -1, row?["completed"] ?? -1]
      }
    }
    try database.write { db in
      try db.execute(sql: """
        INSERT INTO "todos" ("id", "description", "isComplete", "position") VALUES
          ('A', 'Buy milk', 0, 0), ('B', 'Walk dog', 1, 1), ('C', 'Call mum', 0, 2)
        """)
    }
    #expect(try counts() == [3, 1])
    try database.write { db in try db.execute(sql: #"UPDATE "todos" SET "isComplete" = 1 WHERE "id" = 'A'"#) }
    #expect(try counts() == [3, 2])
    try database.write { db in try db.execute(sql: #"UPDATE "todos" SET "isComplete" = 1, "description" = 'x' WHERE "id" = 'A'"#) }
    #expect(try counts() == [3, 2])
    try database.write { db in try db.execute(sql: #"DELETE FROM "todos" WHERE "isComplete" = 1"#) }
    #expect(try counts() == [1, 0])
    try database.write { db in try db.execute(sql: #"DELETE FROM "todos""#) }
    #expect(try counts() == [0, 0])
  }

  @Test func aTodoIsOnlyCompleteOrNot() throws {
    let database = TodosDatabase.inMemory()
    #expect(throws: DatabaseError.self) {
      try database.write { db in
        try db.execute(sql: #"INSERT INTO "todos" ("id", "description", "isComplete", "position") VALUES ('A', 'x', 2, 0)"#)
      }
    }
  }
}
