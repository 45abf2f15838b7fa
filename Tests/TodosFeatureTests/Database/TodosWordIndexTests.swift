import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// An import's todos are committed, and shown, before their words are read for find: the words
/// are read after, a slice per transaction, and the index they make is the one the triggers
/// would have made, whatever was changed meanwhile (`TodosWordIndexScaleTests` has the app's
/// indexer reading an import of more todos than a slice holds).
@Suite(.timeLimit(.minutes(5)))
struct TodosWordIndexTests {
  /// Inserts `descriptions` as an import does, leaving their words to read.
  private func imported(_ descriptions: [String], into database: any DatabaseWriter) throws {
    try database.write { db in
      let last = try TodosWordIndex.deferIndexing(db)
      for (index, description) in descriptions.enumerated() {
        try db.execute(
          sql: #"INSERT INTO "todos" ("id", "description", "position") VALUES (?, ?, ?)"#,
          arguments: [UUID(1_000_000 + index).uuidString, description, 100 + index]
        )
      }
      try TodosWordIndex.indexLater(after: last, db)
    }
  }

  /// Every word in the index, with the todo holding it, and the counts, as rows.
  private func index(_ database: any DatabaseReader) throws -> (words: [Row], counts: [Row]) {
    try database.read { db in
      (
        try Row.fetchAll(db, sql: #"SELECT * FROM "todoWords" ORDER BY "todo", "word""#),
        try Row.fetchAll(db, sql: #"SELECT * FROM "todoWordCounts" ORDER BY "word", "isComplete""#)
      )
    }
  }

  /// The index made afresh for the todos `database` holds now: every word deleted (the counts
  /// with them), then every todo's read again.
  private func indexMadeAfresh(in database: any DatabaseWriter) throws -> (words: [Row], counts: [Row]) {
    try database.write { db in
      try db.execute(sql: #"DELETE FROM "todoWords""#)
      #expect(try Int.fetchOne(db, sql: #"SELECT count(*) FROM "todoWordCounts""#) == 0)
      try TodosWordIndex.indexRows(after: nil, db)
    }
    return try index(database)
  }

  @Test func anImportsWordsAreReadASliceAtATimeAfterItsCommit() throws {
    let database = try todosDatabase([Todo.State(id: UUID(0), description: "Buy milk")])
    try imported(["Oat milk", "Milk the cow", "Walk dog", "Call mum", "Milk again"], into: database)
    let find = TodosWindow(filter: .all, find: TodosFind("milk"), offset: 0, size: 20)
    #expect(try database.read { try TodosWordIndex.hasPending($0) })
    #expect(try database.read { try find.fetch($0).shown } == 1)

    let left = try [2, 2, 2].map { limit in
      try database.write { try TodosWordIndex.indexPending(limit: Int64(limit), $0) }
    }
    #expect(left == [3, 1, 0])
    #expect(try database.read { try TodosWordIndex.hasPending($0) } == false)
    #expect(try database.read { try find.fetch($0).rows.map(\.description) } == ["Buy milk", "Oat milk", "Milk the cow", "Milk again"])
    let made = try index(database)
    let fresh = try indexMadeAfresh(in: database)
    #expect(made.words == fresh.words)
    #expect(made.counts == fresh.counts)
  }

  /// Into an empty list too, the words are read a slice at a time, not all at once.
  @Test func intoAnEmptyListTheWordsAreReadASliceAtATimeToo() throws {
    let database = try todosDatabase()
    try imported(["Oat milk", "Milk the cow", "Walk dog"], into: database)
    let left = try [2, 2].map { limit in
      try database.write { try TodosWordIndex.indexPending(limit: Int64(limit), $0) }
    }
    #expect(left == [1, 0])
  }

  /// A todo edited, completed, moved or deleted before its words are read, and one added, leave
  /// the index as if every word had been read at the import.
  @Test func changesMadeBeforeTheWordsAreReadLeaveTheIndexRight() throws {
    let database = try todosDatabase()
    try imported(["Oat milk", "Milk the cow", "Walk dog", "Call mum"], into: database)
    try database.write { db in
      try Todo.Action.descriptionChanged("Oat drink").apply(toTodo: UUID(1_000_000), db)
      try Todo.Action.toggleCompleted.apply(toTodo: UUID(1_000_001), db)
      try TodosOrder.delete(UUID(1_000_002), db)
      try TodosOrder.move(UUID(1_000_003), to: .before(UUID(1_000_000)), db)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(1), description: "Milk shake"), db)
      try TodosWordIndex.indexPending(limit: 1, db)
    }
    try database.write { db in
      // NB: a second import while the first's words are still being read: both are left.
      let last = try TodosWordIndex.deferIndexing(db)
      try db.execute(sql: """
        INSERT INTO "todos" ("id", "description", "position") VALUES ('00000000-0000-0000-0000-0000000000C8', 'Milk tea', 200)
        """)
      try TodosWordIndex.indexLater(after: last, db)
      try TodosWordIndex.indexPending(db)
    }
    let made = try index(database)
    let fresh = try indexMadeAfresh(in: database)
    #expect(made.words == fresh.words)
    #expect(made.counts == fresh.counts)
    #expect(try database.read { try TodosWordIndex.hasPending($0) } == false)
  }
}
