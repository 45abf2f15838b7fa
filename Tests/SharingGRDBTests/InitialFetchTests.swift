import SharingGRDB
import Testing

/// A reference made from a fetch key has its rows when it is created: no await, no loading.
struct InitialFetchTests {
  @Test func fetchAllReadsTheRowsSynchronously() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Eggs")])
    withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
      #expect(items.titles == ["Milk", "Eggs"])
      #expect(!$items.isLoading)
      #expect($items.loadError == nil)
    }
  }

  @Test func argumentsAreBound() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk"), Item(id: 2, title: "Eggs", isDone: true)])
    withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items WHERE isDone = ?", arguments: [true])) var done: [Item]
      #expect(done.titles == ["Eggs"])
    }
  }

  @Test func anExplicitDatabaseIsReadInsteadOfTheDefault() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    let other = try itemsDatabase([Item(id: 1, title: "Bread")])
    withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items", database: other)) var items: [Item]
      #expect(items.titles == ["Bread"])
    }
  }
}
