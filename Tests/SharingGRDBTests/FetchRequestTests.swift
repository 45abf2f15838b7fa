import AsyncWaiting
import SharingGRDB
import Testing

/// `.fetch(request)`: a `FetchKeyRequest` of the user's, read and observed like a query.
@Suite(.timeLimit(.minutes(5)))
struct FetchRequestTests {
  /// The items left to do, and how many are done: two queries, one value.
  struct Progress: FetchKeyRequest {
    struct Value: Equatable, Sendable {
      var remaining: [String]
      var done: Int
    }

    func fetch(_ db: Database) throws -> Value {
      try Value(
        remaining: String.fetchAll(db, sql: "SELECT title FROM items WHERE NOT isDone ORDER BY id"),
        done: Item.filter(Column("isDone")).fetchCount(db)
      )
    }
  }

  /// The titles that contain a term: a request whose stored property is part of its identity.
  struct Search: FetchKeyRequest {
    var term: String

    func fetch(_ db: Database) throws -> [String] {
      try String.fetchAll(db, sql: "SELECT title FROM items WHERE title LIKE ? ORDER BY id", arguments: ["%\(term)%"])
    }
  }

  @Test func aRequestIsReadAndFollowed() async throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Eggs", isDone: true)])
    try await withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetch(Progress())) var progress = Progress.Value(remaining: [], done: 0)
      #expect(progress == Progress.Value(remaining: ["Milk"], done: 1))
      let values = $progress.values
      try await database.write { db in try db.execute(sql: "UPDATE items SET isDone = 1 WHERE id = 1") }
      #expect(await first(values) { $0.done == 2 } == Progress.Value(remaining: [], done: 2))
    }
  }

  @Test func aCollectionRequestNeedsNoDefault() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Oat milk"), Item(id: 3, title: "Eggs")])
    withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetch(Search(term: "milk"))) var milks
      @SharedReader(.fetch(Search(term: "egg"))) var eggs
      #expect(milks == ["Milk", "Oat milk"])
      #expect(eggs == ["Eggs"])
    }
  }
}
