import SharingGRDB
import Testing

/// Keys for the same request on the same database share one reference; any difference parts them.
struct SharedReferenceTests {
  struct Nothing: FetchKeyRequest {
    func fetch(_ db: Database) throws {}
  }

  struct AlsoNothing: FetchKeyRequest {
    func fetch(_ db: Database) throws {}
  }

  /// A scheduler that delivers at once, told apart by its name.
  struct NamedScheduler: ValueObservationScheduler, Hashable {
    var name: String
    func immediateInitialValue() -> Bool { true }
    func schedule(_ action: @escaping @Sendable () -> Void) { action() }
  }

  @Test func twoReadersOfOneQueryShareTheFirstReference() throws {
    let database = try itemsDatabase()
    withDependencies { $0.defaultDatabase = database } operation: {
      // NB: no row, so each keeps its default: the second shows the first's if they share one.
      @SharedReader(.fetchOne(sql: "SELECT title FROM items WHERE id = 1")) var first = "first"
      @SharedReader(.fetchOne(sql: "SELECT title FROM items WHERE id = 1")) var second = "second"
      #expect(first == "first")
      #expect(second == "first")
    }
  }

  @Test func anotherQueryOrAnotherDatabaseIsAnotherReference() throws {
    let database = try itemsDatabase()
    let other = try itemsDatabase()
    let first = reader(id: 1, in: database, default: "first")
    let otherQuery = reader(id: 2, in: database, default: "other query")
    let otherDatabase = reader(id: 1, in: other, default: "other database")
    #expect(first.wrappedValue == "first")
    #expect(otherQuery.wrappedValue == "other query")
    #expect(otherDatabase.wrappedValue == "other database")
  }

  /// A reader of item `id`'s title in `database`, starting from `initial`.
  ///
  /// NB: a function: the same three readers written as local `@SharedReader`s in a
  ///     `withDependencies` closure crash Swift 6.3.1's region analysis (`SendNonSendable`).
  func reader(id: Int, in database: any DatabaseReader, default initial: String) -> SharedReader<String> {
    SharedReader(wrappedValue: initial, .fetchOne(sql: "SELECT title FROM items WHERE id = ?", arguments: [id], database: database))
  }

  @Test func idsFollowTheRequestTheDatabaseAndTheScheduler() throws {
    let database = try itemsDatabase()
    let other = try itemsDatabase()
    withDependencies { $0.defaultDatabase = database } operation: {
      let key: FetchKey<Void> = .fetch(Nothing())
      #expect(key.id == FetchKey<Void>.fetch(Nothing(), database: database).id)
      #expect(key.id != FetchKey<Void>.fetch(AlsoNothing()).id)
      #expect(key.id.hashValue != FetchKey<Void>.fetch(AlsoNothing()).id.hashValue)
      #expect(key.id != FetchKey<Void>.fetch(Nothing(), database: other).id)
      let scheduled: FetchKey<Void> = .fetch(Nothing(), scheduler: NamedScheduler(name: "a"))
      #expect(key.id != scheduled.id)
      #expect(scheduled.id == FetchKey<Void>.fetch(Nothing(), scheduler: NamedScheduler(name: "a")).id)
      #expect(scheduled.id != FetchKey<Void>.fetch(Nothing(), scheduler: NamedScheduler(name: "b")).id)
      let arguments: FetchKey<[Item]>.Default = .fetchAll(sql: "SELECT * FROM items WHERE id = ?", arguments: [1])
      #expect(arguments.id == FetchKey<[Item]>.Default.fetchAll(sql: "SELECT * FROM items WHERE id = ?", arguments: [1]).id)
      #expect(arguments.id != FetchKey<[Item]>.Default.fetchAll(sql: "SELECT * FROM items WHERE id = ?", arguments: [2]).id)
    }
  }
}
