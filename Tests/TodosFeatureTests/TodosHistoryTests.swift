import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// `undo` and `redo`: every change to the list is a step of its history, in the database;
/// undoing puts back what the step touched as it was, redoing makes the step again.
@MainActor
struct TodosHistoryTests {
  let clock = TestClock()
  let list: [Todo.State] = [
    Todo.State(id: UUID(10), description: "Buy milk"),
    Todo.State(id: UUID(11), description: "Walk dog", isComplete: true),
    Todo.State(id: UUID(12), description: "Call mum"),
  ]

  @Test func undoAndRedoAdd() async throws {
    let store = try makeStore(list)
    await store.send(.add("Bake bread"))
    #expect(descriptions(store) == ["Bake bread", "Buy milk", "Walk dog", "Call mum"])
    await store.send(.undo)
    #expect(descriptions(store) == ["Buy milk", "Walk dog", "Call mum"])
    #expect(store.state.window.history == TodosHistory.Availability(canUndo: false, canRedo: true))
    await store.send(.redo)
    #expect(descriptions(store) == ["Bake bread", "Buy milk", "Walk dog", "Call mum"])
    #expect(store.state.window.history == TodosHistory.Availability(canUndo: true, canRedo: false))
  }

  @Test func undoRemovePutsTheTodoBackInItsPlace() async throws {
    let store = try makeStore(list)
    await store.send(.delete(id: UUID(11)))
    #expect(descriptions(store) == ["Buy milk", "Call mum"])
    await store.send(.undo)
    #expect(store.state.window.rows == list)
    #expect(store.state.window.counts == TodoCounts(total: 3, completed: 1))
  }

  @Test func undoEditAndDone() async throws {
    let store = try makeStore(list)
    await store.send(\.todos[id: UUID(10)].descriptionChanged, "Buy oat milk")
    await store.send(\.todos[id: UUID(12)].toggleCompleted)
    await store.send(.undo)
    #expect(store.state.window.rows[2].isComplete == false)
    #expect(descriptions(store)[0] == "Buy oat milk")
    await store.send(.undo)
    #expect(store.state.window.rows == list)
  }

  /// The sort of completed todos that follows `done` is undone with it.
  @Test func undoDoneAfterTheSort() async throws {
    let store = try makeStore(list, sortCompleted: true)
    await store.send(\.todos[id: UUID(10)].toggleCompleted)
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos)
    #expect(descriptions(store) == ["Call mum", "Buy milk", "Walk dog"])
    await store.send(.undo)
    #expect(store.state.window.rows == list)
    #expect(store.state.window.history.canUndo == false)
  }

  @Test func undoMove() async throws {
    let store = try makeStore(list)
    await store.send(.move(id: UUID(10), to: .after(UUID(12))))
    #expect(descriptions(store) == ["Walk dog", "Call mum", "Buy milk"])
    await store.send(.undo)
    #expect(store.state.window.rows == list)
  }

  @Test func undoClearBringsBackEveryCompletedTodoInItsPlace() async throws {
    let todos = (0..<40).map { Todo.State(id: UUID($0 + 100), description: "Todo \($0)", isComplete: $0 % 3 == 0) }
    let store = try makeStore(todos)
    await store.send(.clearCompletedButtonTapped) { $0.alert = .clearCompleted(count: 14) }
    await store.send(\.alert.confirmClearCompleted) { $0.alert = nil }
    #expect(store.state.window.counts == TodoCounts(total: 26, completed: 0))
    await store.send(.undo)
    await store.send(.pageSizeChanged(40)) { $0.pageSize = 40 }
    #expect(store.state.window.rows == todos)
    #expect(store.state.window.counts == TodoCounts(total: 40, completed: 14))
  }

  /// A change on a todo's own screen is a step like any other.
  @Test func undoAnEditOnTheTodosScreen() async throws {
    let store = try makeStore(list)
    store.exhaustivity = .off
    await store.send(.openTodo(id: UUID(12)))
    await store.send(.path(.element(id: 0, action: .todo(.notesChanged("Ask about Sunday")))))
    #expect(try #require(store.state.path.first?.todo).notes == "Ask about Sunday")
    await store.send(.undo)
    #expect(try #require(store.state.path.first?.todo).notes == "")
  }

  @Test func aNewChangeForgetsWhatCouldBeRedone() async throws {
    let store = try makeStore(list)
    await store.send(.delete(id: UUID(10)))
    await store.send(.undo)
    #expect(store.state.window.history.canRedo)
    await store.send(.add("Bake bread"))
    #expect(store.state.window.history == TodosHistory.Availability(canUndo: true, canRedo: false))
  }

  @Test func undoWithNothingToUndoChangesNothing() async throws {
    let store = try makeStore(list)
    await store.send(.undo)
    await store.send(.redo)
    #expect(store.state.window.rows == list)
  }

  @Test func manyLevels() async throws {
    let store = try makeStore()
    for index in 0..<120 { await store.send(.add("Todo \(index)")) }
    for _ in 0..<120 { await store.send(.undo) }
    #expect(store.state.window.counts.total == 0)
    #expect(store.state.window.history.canUndo == false)
  }

  /// A program writing the database itself is not the app: its change is no step, and undo
  /// takes back the app's last change instead.
  @Test func anotherProgramsWriteIsNotUndone() async throws {
    let database = try todosDatabase(list)
    let store = try makeStore(database: database)
    await store.send(.add("Bake bread"))
    try await database.write { db in
      try db.execute(sql: #"UPDATE "todos" SET "description" = 'Call dad' WHERE "description" = 'Call mum'"#)
    }
    await store.send(.undo)
    #expect(descriptions(store) == ["Buy milk", "Walk dog", "Call dad"])
  }

  /// The history is in the database: a new store over it (the app started again) undoes the
  /// change the last one made.
  @Test func undoAfterARestart() async throws {
    let database = try todosDatabase(list)
    let first = try makeStore(database: database)
    await first.send(.delete(id: UUID(11)))
    let second = try makeStore(database: database)
    await second.send(.undo)
    #expect(second.state.window.rows == list)
  }

  // MARK: - Helpers

  private func descriptions(_ store: TestStore<Todos.State, Todos.Action>) -> [String] {
    store.state.window.rows.map(\.description)
  }

  private func makeStore(
    _ todos: [Todo.State] = [],
    sortCompleted: Bool = false,
    database: (any DatabaseWriter)? = nil
  ) throws -> TestStore<Todos.State, Todos.Action> {
    let database = try database ?? todosDatabase(todos)
    let state = withDependencies {
      $0.defaultDatabase = database
    } operation: {
      Todos.State(sortCompleted: SharedReader(value: sortCompleted))
    }
    return TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.defaultDatabase = database
      $0.uuid = .incrementing
    }
  }
}
