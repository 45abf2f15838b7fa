import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// The Composable Architecture's Todos example tests, against a database in memory per test:
/// each action writes the rows it changes, and the window the list shows is read again before
/// the action returns.
@MainActor
struct TodosTests {
  let clock = TestClock()

  @Test func add() async throws {
    let (store, _) = try makeStore()
    await store.send(.add("Buy milk"))
    #expect(rows(store) == [Todo.State(id: UUID(0), description: "Buy milk")])
    await store.send(.add("  Walk dog "))
    #expect(
      rows(store) == [
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(0), description: "Buy milk"),
      ]
    )
    #expect(store.state.window.counts == TodoCounts(total: 2, completed: 0))
  }

  @Test func addRejectsBlankText() async throws {
    let (store, _) = try makeStore()
    await store.send(.add(""))
    await store.send(.add("  \t "))
    #expect(rows(store).isEmpty)
  }

  /// Text holding a control character adds nothing: the database would cut it short at a NUL
  /// ("Buy" kept of "Buy\0 milk"), and the list would send the rest to the terminal.
  @Test func addRejectsControlCharacters() async throws {
    let (store, _) = try makeStore()
    await store.send(.add("Buy\0 milk"))
    await store.send(.add("\u{1B}[2J"))
    #expect(rows(store).isEmpty)
  }

  @Test func edit() async throws {
    let (store, _) = try makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    await store.send(\.todos[id: UUID(0)].descriptionChanged, "Buy oat milk")
    #expect(rows(store) == [Todo.State(id: UUID(0), description: "Buy oat milk")])
  }

  @Test func complete() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ])
    await store.send(\.todos[id: UUID(0)].toggleCompleted)
    #expect(
      rows(store) == [
        Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Walk dog"),
      ]
    )
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos)
    #expect(
      rows(store) == [
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
      ]
    )
  }

  @Test func completionDebounce() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum"),
    ])
    await store.send(\.todos[id: UUID(0)].toggleCompleted)
    await clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(1)].toggleCompleted)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.sortCompletedTodos)
    #expect(
      rows(store) == [
        Todo.State(id: UUID(2), description: "Call mum"),
        Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
      ]
    )
  }

  @Test func completeWithSortingOff() async throws {
    let (store, _) = try makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
      ],
      sortCompleted: false
    )
    await store.send(\.todos[id: UUID(0)].toggleCompleted)
    await clock.advance(by: .seconds(1))
    #expect(
      rows(store) == [
        Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Walk dog"),
      ]
    )
  }

  @Test func clearCompleted() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    ])
    await store.send(.clearCompletedButtonTapped) {
      $0.alert = .clearCompleted(count: 1)
    }
    await store.send(\.alert.confirmClearCompleted) {
      $0.alert = nil
    }
    #expect(rows(store) == [Todo.State(id: UUID(0), description: "Buy milk")])
  }

  @Test func clearCompletedCancelledKeepsEverything() async throws {
    let (store, _) = try makeStore([Todo.State(id: UUID(1), description: "Walk dog", isComplete: true)])
    await store.send(.clearCompletedButtonTapped) {
      $0.alert = .clearCompleted(count: 1)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    #expect(rows(store).count == 1)
  }

  @Test func clearWithNothingCompletedAsksNothing() async throws {
    let (store, _) = try makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    await store.send(.clearCompletedButtonTapped)
  }

  @Test func delete() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum"),
    ])
    await store.send(.delete(id: UUID(1)))
    #expect(rows(store).map(\.id) == [UUID(0), UUID(2)])
  }

  @Test func filteredDelete() async throws {
    let (store, _) = try makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
      ],
      filter: .completed
    )
    await store.send(.delete(id: UUID(2)))
    #expect(rows(store).map(\.id) == [UUID(1)])
    #expect(store.state.window.counts == TodoCounts(total: 2, completed: 1))
  }

  @Test func move() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
    ])
    await store.send(.move(id: UUID(2), to: .before(UUID(0))))
    #expect(rows(store).map(\.id) == [UUID(2), UUID(0), UUID(1)])
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
    #expect(rows(store).map(\.id) == [UUID(0), UUID(1), UUID(2)])
  }

  @Test func moveWithSortingOff() async throws {
    let (store, _) = try makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
      ],
      sortCompleted: false
    )
    await store.send(.move(id: UUID(1), to: .before(UUID(0))))
    await clock.advance(by: .milliseconds(100))
    #expect(rows(store).map(\.id) == [UUID(1), UUID(0)])
  }

  @Test func filteredMove() async throws {
    let (store, _) = try makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
        Todo.State(id: UUID(3), description: "Pay rent", isComplete: true),
      ],
      filter: .completed
    )
    await store.send(.move(id: UUID(2), to: .after(UUID(3))))
    #expect(rows(store).map(\.id) == [UUID(3), UUID(2)])
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
    #expect(rows(store).map(\.id) == [UUID(3), UUID(2)])
  }

  @Test func filteredMoveToTheEndStaysAmongTheShownTodos() async throws {
    let (store, database) = try makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
      ],
      filter: .active
    )
    await store.send(.move(id: UUID(0), to: .after(UUID(1))))
    #expect(rows(store).map(\.id) == [UUID(1), UUID(0)])
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
    #expect(try descriptions(database) == ["Walk dog", "Buy milk", "Call mum"])
  }

  @Test func movingATodoAnotherAppDeletedChangesNothing() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ])
    await store.send(.move(id: UUID(7), to: .before(UUID(0))))
    await store.send(.move(id: UUID(1), to: .after(UUID(7))))
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
    #expect(rows(store).map(\.id) == [UUID(0), UUID(1)])
  }

  @Test func filter() async throws {
    let (store, _) = try makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    ])
    await store.send(.filterChanged(.completed)) { $0.filter = .completed }
    #expect(rows(store).map(\.id) == [UUID(1)])
    await store.send(.filterChanged(.active)) { $0.filter = .active }
    #expect(rows(store).map(\.id) == [UUID(0)])
    await store.send(.filterChanged(.all)) { $0.filter = .all }
    #expect(rows(store).map(\.id) == [UUID(0), UUID(1)])
  }

  /// A change another app commits reaches the window with no action: the counts and rows are
  /// those of the database as it is.
  @Test func aCommitFromOutsideTheStoreReachesTheWindow() async throws {
    let (store, database) = try makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    try await database.write { db in
      try TodosOrder.insertOnTop(Todo.State(id: UUID(9), description: "From elsewhere"), db)
    }
    #expect(rows(store).map(\.description) == ["From elsewhere", "Buy milk"])
    #expect(store.state.window.counts == TodoCounts(total: 2, completed: 0))
  }

  /// A write that fails changes nothing and says why; the list goes on.
  @Test func aWriteThatFailsSaysWhyAndChangesNothing() async throws {
    let (store, database) = try makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    try await database.write { db in
      try db.execute(sql: """
        CREATE TRIGGER "refuse" BEFORE INSERT ON "todos" BEGIN SELECT RAISE(ABORT, 'disk is full'); END
        """)
    }
    await store.send(.add("Walk dog")) {
      $0.alert = .writeFailed("disk is full")
    }
    #expect(rows(store).map(\.description) == ["Buy milk"])
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  private func rows(_ store: TestStore<Todos.State, Todos.Action>) -> [Todo.State] {
    store.state.window.rows
  }

  private func makeStore(
    _ todos: [Todo.State] = [],
    filter: Filter = .all,
    sortCompleted: Bool = true
  ) throws -> (TestStore<Todos.State, Todos.Action>, any DatabaseWriter) {
    let database = try todosDatabase(todos)
    let state = withDependencies {
      $0.defaultDatabase = database
    } operation: {
      Todos.State(filter: filter, sortCompleted: SharedReader(value: sortCompleted))
    }
    let store = TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.defaultDatabase = database
      $0.uuid = .incrementing
    }
    return (store, database)
  }
}
