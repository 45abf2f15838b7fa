import AsyncWaiting
import SharingGRDB
import Testing

/// `.fetchOne(sql:)`: the first column of the first row; NULL is `nil`, no row is `NotFound`.
@Suite(.timeLimit(.minutes(5)))
struct FetchOneTests {
  @Test func aCountFollowsTheTable() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items")) var count = 0
      #expect(count == 1)
      let values = $count.values
      try await database.write { db in try Item(id: 2, title: "Eggs").insert(db) }
      #expect(await first(values) { $0 == 2 } == 2)
    }
  }

  @Test func anOptionalIsNilForNullAndTheValueOtherwise() async throws {
    let database = try itemsDatabase()
    try await database.write { db in try db.execute(sql: "CREATE TABLE settings (id INTEGER PRIMARY KEY, theme TEXT)") }
    try await database.write { db in try db.execute(sql: "INSERT INTO settings VALUES (1, NULL)") }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchOne(sql: "SELECT theme FROM settings WHERE id = 1")) var theme: String?
      #expect(theme == nil)
      #expect($theme.loadError == nil)
      let values = $theme.values
      try await database.write { db in try db.execute(sql: "UPDATE settings SET theme = 'dark'") }
      #expect(await first(values) { $0 != nil } == "dark")
      try await database.write { db in try db.execute(sql: "UPDATE settings SET theme = NULL") }
      #expect(await first(values) { $0 == nil } != nil)
      #expect($theme.loadError == nil)
    }
  }

  @Test func noRowKeepsTheValueAndReportsNotFound() async throws {
    let database = try itemsDatabase()
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchOne(sql: "SELECT title FROM items WHERE id = 1")) var title = "none yet"
      #expect(title == "none yet")
      #expect($title.loadError is NotFound)
      let values = $title.values
      try await database.write { db in try Item(id: 1, title: "Milk").insert(db) }
      #expect(await first(values) { $0 == "Milk" } == "Milk")
      #expect($title.loadError == nil)
    }
  }
}
