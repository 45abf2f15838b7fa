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

  /// Plain text (ASCII letters, digits, spaces and the commonest punctuation) is split by SQL
  /// rather than the tokenizer: its words are the tokenizer's own, for an insert and an edit;
  /// other text goes to the tokenizer.
  @Test func plainTextIsSplitIntoTheTokenizersOwnWords() throws {
    let descriptions = [
      "Buy milk", "  two   SPACES ", "a,b;c.d!e?f:g", #"it's "quoted" (and/or) R&D"#, "x-y 3.14 100",
      "MiXeD CaSe", "...", "", "Crème brûlée", "tab\there", #"back\slash 50% off_peak"#,
    ]
    let database = TodosDatabase.inMemory()
    for (index, description) in descriptions.enumerated() {
      let (written, edited, tokenized) = try database.write { db in
        try TodosOrder.insertOnTop(Todo.State(id: UUID(index), description: description), db)
        let written = try Self.words(of: UUID(index), db)
        try Todo.Action.descriptionChanged("placeholder").apply(toTodo: UUID(index), db)
        try Todo.Action.descriptionChanged(description).apply(toTodo: UUID(index), db)
        let edited = try Self.words(of: UUID(index), db)
        try db.execute(sql: #"INSERT INTO "todoTokenizer" ("rowid", "text") VALUES (1, ?)"#, arguments: [description])
        let tokenized = try String.fetchSet(db, sql: #"SELECT "term" FROM "todoTokens""#)
        try db.execute(sql: #"INSERT INTO "todoTokenizer" ("todoTokenizer") VALUES ('delete-all')"#)
        return (written, edited, tokenized)
      }
      #expect(written == tokenized, "\(description)")
      // NB: an edit to nothing, or to text holding a control character (the tab), is refused, and
      //     leaves the text it replaced; another program may still write such text.
      let isRefused = description.isEmpty || description.contains("\t")
      #expect(isRefused ? edited == ["placeholder"] : edited == tokenized, "\(description)")
    }
    #expect(try database.read { db in try Self.words(of: UUID(8), db) } == ["brulee", "creme"])
  }

  static func words(of id: UUID, _ db: Database) throws -> Set<String> {
    try String.fetchSet(db, sql: #"SELECT "word" FROM "todoWords" WHERE "todo" = ?"#, arguments: [id.uuidString])
  }
}
