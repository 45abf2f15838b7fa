import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// `find`: the list shows the todos whose words start with the words looked for, in any order,
/// without regard to case or accents, under the filter, paged as the whole list is.
@MainActor
struct TodosFindTests {
  let list: [Todo.State] = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    Todo.State(id: UUID(2), description: "Crème brûlée for MUM"),
    Todo.State(id: UUID(3), description: "Milk the cow, then buy a dog"),
  ]

  @Test func findShowsTheTodosHoldingTheWords() async throws {
    let store = try makeStore(list)
    await store.send(.findChanged("milk")) { $0.find = TodosFind("milk") }
    #expect(descriptions(store) == ["Buy milk", "Milk the cow, then buy a dog"])
    #expect(store.state.window.shown == 2)
    #expect(store.state.window.counts == TodoCounts(total: 4, completed: 1))
  }

  @Test func prefixesCaseAccentsAndAnyOrder() async throws {
    let store = try makeStore(list)
    await store.send(.findChanged("MIL")) { $0.find = TodosFind("MIL") }
    #expect(descriptions(store) == ["Buy milk", "Milk the cow, then buy a dog"])
    await store.send(.findChanged("creme brulee")) { $0.find = TodosFind("creme brulee") }
    #expect(descriptions(store) == ["Crème brûlée for MUM"])
    await store.send(.findChanged("dog buy")) { $0.find = TodosFind("dog buy") }
    #expect(descriptions(store) == ["Milk the cow, then buy a dog"])
  }

  @Test func theFilterStillApplies() async throws {
    let store = try makeStore(list, filter: .active)
    await store.send(.findChanged("dog")) { $0.find = TodosFind("dog") }
    #expect(descriptions(store) == ["Milk the cow, then buy a dog"])
    await store.send(.filterChanged(.completed)) { $0.filter = .completed }
    #expect(descriptions(store) == ["Walk dog"])
  }

  @Test func noMatchShowsNothing() async throws {
    let store = try makeStore(list)
    await store.send(.findChanged("zebra")) { $0.find = TodosFind("zebra") }
    #expect(descriptions(store).isEmpty)
    #expect(store.state.window.shown == 0)
  }

  /// The words of todos just imported are read after the import; a find typed before every
  /// one is read reads the rest first, and finds every todo.
  @Test func aFindReadsTheWordsAnImportLeftFirst() async throws {
    let database = try todosDatabase(list)
    try await database.write { db in
      let last = try TodosWordIndex.deferIndexing(db)
      try TodosOrder.insertOnTop(Todo.State(id: UUID(4), description: "Oat milk"), db)
      try TodosWordIndex.indexLater(after: last, db)
    }
    let store = try makeStore(database: database)
    await store.send(.findChanged("milk")) { $0.find = TodosFind("milk") }
    #expect(descriptions(store) == ["Oat milk", "Buy milk", "Milk the cow, then buy a dog"])
    #expect(try await database.read { try TodosWordIndex.hasPending($0) } == false)
  }

  @Test func findAloneShowsTheWholeList() async throws {
    let store = try makeStore(list)
    await store.send(.findChanged("milk")) { $0.find = TodosFind("milk") }
    await store.send(.findChanged("")) { $0.find = TodosFind() }
    #expect(descriptions(store).count == 4)
  }

  /// A todo added, edited or deleted is found, or not, at once: the index is the database's.
  @Test func changesAreFoundAtOnce() async throws {
    let store = try makeStore()
    await store.send(.findChanged("bread")) { $0.find = TodosFind("bread") }
    await store.send(.add("Bake bread"))
    await store.send(.add("Buy milk"))
    #expect(descriptions(store) == ["Bake bread"])
    await store.send(\.todos[id: UUID(0)].descriptionChanged, "Bake a cake")
    #expect(descriptions(store).isEmpty)
  }

  /// Another program's write, straight to the database, is indexed by the database itself.
  @Test func anotherProgramsWriteIsFound() async throws {
    let database = try todosDatabase(list)
    let store = try makeStore(database: database)
    await store.send(.findChanged("kettle")) { $0.find = TodosFind("kettle") }
    try await database.write { db in
      try db.execute(sql: """
        INSERT INTO "todos" ("id", "description", "position") VALUES ('00000000-0000-0000-0000-00000000000A', 'Descale the KETTLE', -5)
        """)
    }
    #expect(descriptions(store) == ["Descale the KETTLE"])
  }

  /// Matches are paged as the list is: the page holding an offset among the matches.
  @Test func matchesArePaged() async throws {
    let todos = (0..<30).map { Todo.State(id: UUID($0), description: $0.isMultiple(of: 2) ? "even \($0)" : "odd \($0)") }
    let store = try makeStore(todos)
    await store.send(.findChanged("even")) { $0.find = TodosFind("even") }
    #expect(store.state.window.shown == 15)
    await store.send(.pageSizeChanged(10)) { $0.pageSize = 10 }
    await store.send(.scrolled(to: 12)) { $0.scrollOffset = 12 }
    #expect(store.state.window.start == 10)
    #expect(descriptions(store) == ["even 20", "even 22", "even 24", "even 26", "even 28"])
  }

  @Test func wordsOfAFind() {
    #expect(TodosFind("  Crème, BRÛLÉE! crème ").terms == ["creme", "brulee"])
    #expect(TodosFind("   ").isEmpty)
  }

  // MARK: - Helpers

  private func descriptions(_ store: TestStore<Todos.State, Todos.Action>) -> [String] {
    store.state.window.rows.map(\.description)
  }

  private func makeStore(
    _ todos: [Todo.State] = [],
    filter: Filter = .all,
    database: (any DatabaseWriter)? = nil
  ) throws -> TestStore<Todos.State, Todos.Action> {
    let database = try database ?? todosDatabase(todos)
    let state = withDependencies {
      $0.defaultDatabase = database
    } operation: {
      Todos.State(filter: filter, sortCompleted: SharedReader(value: false))
    }
    return TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.defaultDatabase = database
      $0.uuid = .incrementing
    }
  }
}
