import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// Opening a todo on a screen of its own: the stack of editors on the list, edits written to the
/// todo's row, deletion after a confirmation, and `back`.
@MainActor
struct TodoEditorTests {
  let clock = TestClock()
  let database: any DatabaseWriter

  init() throws {
    database = try todosDatabase([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ])
  }

  @Test func openingATodoPushesItsEditor() async {
    let store = makeStore()
    let opened = editor(UUID(1))
    await store.send(.openTodo(id: UUID(1))) {
      $0.path[id: 0] = opened
    }
    #expect(store.state.path[id: 0]?.todo?.description == "Walk dog")
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func openingAMissingTodoPushesNothing() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(7)))
  }

  @Test func editsAreWrittenToTheTodo() async throws {
    let store = makeStore()
    let opened = editor(UUID(0))
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = opened
    }
    await store.send(\.path[id: 0].todo.descriptionChanged, "  Buy oat milk ")
    await store.send(\.path[id: 0].todo.notesChanged, " 2% fat ")
    await store.send(\.path[id: 0].todo.descriptionChanged, "   ")
    #expect(store.state.path[id: 0]?.todo == Todo.State(id: UUID(0), description: "Buy oat milk", notes: "2% fat"))
    #expect(store.state.window.rows.first == Todo.State(id: UUID(0), description: "Buy oat milk", notes: "2% fat"))
  }

  @Test func completingFromTheEditorSortsTheListLater() async {
    let store = makeStore()
    let opened = editor(UUID(0))
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = opened
    }
    await store.send(\.path[id: 0].todo.toggleCompleted)
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos)
    #expect(store.state.window.rows.map(\.id) == [UUID(1), UUID(0)])
    #expect(store.state.path[id: 0]?.todo?.isComplete == true)
  }

  @Test func deletingAsksThenRemovesTheTodoAndPopsTheEditor() async {
    let store = makeStore()
    let opened = editor(UUID(0))
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = opened
    }
    await store.send(\.path[id: 0].deleteButtonTapped) {
      $0.path[id: 0]?.alert = .deleteTodo("Buy milk")
    }
    await store.send(\.path[id: 0].alert.confirmDeletion) {
      $0.path[id: 0]?.alert = nil
    }
    await store.receive(\.path[id: 0].delegate.deleteTodo) {
      $0.path = StackState()
    }
    #expect(store.state.window.rows.map(\.id) == [UUID(1)])
  }

  @Test func cancellingTheDeletionKeepsTheTodo() async {
    let store = makeStore()
    let opened = editor(UUID(0))
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = opened
    }
    await store.send(\.path[id: 0].deleteButtonTapped) {
      $0.path[id: 0]?.alert = .deleteTodo("Buy milk")
    }
    await store.send(\.path[id: 0].alert.dismiss) {
      $0.path[id: 0]?.alert = nil
    }
    #expect(store.state.window.counts.total == 2)
  }

  /// A todo another app deletes while its screen is open reads as deleted; an edit then writes
  /// nothing.
  @Test func aTodoDeletedElsewhereReadsAsDeleted() async throws {
    let store = makeStore()
    let opened = editor(UUID(0))
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = opened
    }
    try await database.write { db in try TodosOrder.delete(UUID(0), db) }
    #expect(store.state.path[id: 0]?.todo == nil)
    await store.send(\.path[id: 0].todo.descriptionChanged, "Buy oat milk")
    await store.send(\.path[id: 0].deleteButtonTapped)
    #expect(store.state.window.rows.map(\.id) == [UUID(1)])
  }

  @Test func theEditorAloneAsksItsParentToDeleteOnceConfirmed() async {
    let store = TestStore(initialState: editor(UUID(0))) {
      TodoEditor()
    } withDependencies: {
      $0.defaultDatabase = database
    }
    await store.send(.deleteButtonTapped) {
      $0.alert = .deleteTodo("Buy milk")
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
    }
    await store.receive(.delegate(.deleteTodo))
    #expect(store.state.todo?.description == "Buy milk")
  }

  /// The editor of the todo with `id`, reading this test's database.
  ///
  /// NB: made before the action that pushes it, as a test of swift-sharing's reads a reference
  ///     made before the action: an expectation reads each shared value as it was when the
  ///     action began, and a reference made during the assertion had no value then.
  private func editor(_ id: UUID) -> TodoEditor.State {
    withDependencies { $0.defaultDatabase = database } operation: { TodoEditor.State(id: id) }
  }

  private func makeStore() -> TestStore<Todos.State, Todos.Action> {
    let state = withDependencies { [database] in
      $0.defaultDatabase = database
    } operation: {
      Todos.State(sortCompleted: SharedReader(value: true))
    }
    return TestStore(initialState: state) {
      Todos()
    } withDependencies: { [clock, database] in
      $0.continuousClock = clock
      $0.defaultDatabase = database
      $0.uuid = .incrementing
    }
  }
}

