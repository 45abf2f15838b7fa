import Foundation
import SharingGRDB
import TemporaryFiles
import Testing

@testable import TodosFeature

/// The word index find reads: made for a list an app without find left, at its first open, said
/// in one line; kept by the triggers for every write after.
struct TodosFindIndexTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aListMadeBeforeFindHasItsWordsIndexedAtItsFirstOpenSaidInOneLine() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite")
    do {
      let old = try DatabaseQueue(path: file.path)
      try TodosSchema.migrator.migrate(old, upTo: "Create todos")
      try old.write { db in
        try db.execute(sql: """
          INSERT INTO "todos" ("id", "description", "position") VALUES
            ('00000000-0000-0000-0000-000000000001', 'Buy milk', 0),
            ('00000000-0000-0000-0000-000000000002', 'Crème brûlée', 1)
          """)
      }
      try old.close()
    }
    let opening = try TodosDatabase.open(in: directory.url, now: now)
    #expect(opening.reports == ["Indexed the words of 2 todos in \(file.path), for find."])
    let found = try opening.database.read { db in
      try TodosWindow(filter: .all, find: TodosFind("creme"), offset: 0, size: 20).fetch(db)
    }
    #expect(found.rows.map(\.description) == ["Crème brûlée"])
    try opening.close()
    let again = try TodosDatabase.open(in: directory.url, now: now)
    #expect(again.reports.isEmpty)
  }

  /// The counts a find for one word reads are those of the words the todos hold, through
  /// inserts, edits, completions and deletions.
  @Test func theWordCountsFollowEveryWrite() throws {
    let database = TodosDatabase.inMemory()
    try database.write { db in
      try TodosOrder.insertOnTop(Todo.State(id: UUID(0), description: "milk and MILK"), db)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(1), description: "Oat milk"), db)
      try Todo.Action.toggleCompleted.apply(toTodo: UUID(1), db)
      try Todo.Action.descriptionChanged("Oat drink").apply(toTodo: UUID(0), db)
      try TodosOrder.delete(UUID(1), db)
    }
    let counts = try database.read { db in
      try Row.fetchAll(db, sql: #"SELECT "word", "isComplete", "count" FROM "todoWordCounts" ORDER BY "word""#)
    }
    #expect(counts == [["word": "drink", "isComplete": 0, "count": 1], ["word": "oat", "isComplete": 0, "count": 1]])
  }
}
