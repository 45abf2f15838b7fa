import ComposableTestSupport
import Foundation
import Persistence
import Testing
import TodosFeature

/// Opening a todo on a screen of its own: the stack of editors on the list, edits that land in
/// the shared list, deletion after a confirmation, and `back`.
@MainActor
struct TodoEditorTests {
  let clock = TestClock()
  let todos: IdentifiedArrayOf<Todo.State> = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog"),
  ]

  @Test func openingATodoPushesItsEditor() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(1))) {
      $0.path[id: 0] = TodoEditor.State(todo: Shared($0.$todos[id: UUID(1)])!)
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func openingAMissingTodoPushesNothing() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(7)))
  }

  @Test func editsLandInTheSharedList() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = TodoEditor.State(todo: Shared($0.$todos[id: UUID(0)])!)
    }
    await store.send(\.path[id: 0].todo.descriptionChanged, "  Buy oat milk ") {
      $0.$todos.withLock { $0[id: UUID(0)]?.description = "Buy oat milk" }
    }
    await store.send(\.path[id: 0].todo.notesChanged, " 2% fat ") {
      $0.$todos.withLock { $0[id: UUID(0)]?.notes = "2% fat" }
    }
    await store.send(\.path[id: 0].todo.descriptionChanged, "   ")
    #expect(store.state.todos[id: UUID(0)]?.description == "Buy oat milk")
    #expect(store.state.path[id: 0]?.todo.notes == "2% fat")
  }

  @Test func completingFromTheEditorSortsTheListLater() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = TodoEditor.State(todo: Shared($0.$todos[id: UUID(0)])!)
    }
    await store.send(\.path[id: 0].todo.toggleCompleted) {
      $0.$todos.withLock { $0[id: UUID(0)]?.isComplete = true }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.$todos.withLock {
        $0 = [
          Todo.State(id: UUID(1), description: "Walk dog"),
          Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
        ]
      }
    }
    #expect(store.state.path[id: 0]?.todo.isComplete == true)
  }

  @Test func deletingAsksThenRemovesTheTodoAndPopsTheEditor() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = TodoEditor.State(todo: Shared($0.$todos[id: UUID(0)])!)
    }
    await store.send(\.path[id: 0].deleteButtonTapped) {
      $0.path[id: 0]?.alert = .deleteTodo("Buy milk")
    }
    await store.send(\.path[id: 0].alert.confirmDeletion) {
      $0.path[id: 0]?.alert = nil
    }
    await store.receive(\.path[id: 0].delegate.deleteTodo) {
      $0.$todos.withLock { _ = $0.remove(id: UUID(0)) }
      $0.path = StackState()
    }
  }

  @Test func cancellingTheDeletionKeepsTheTodo() async {
    let store = makeStore()
    await store.send(.openTodo(id: UUID(0))) {
      $0.path[id: 0] = TodoEditor.State(todo: Shared($0.$todos[id: UUID(0)])!)
    }
    await store.send(\.path[id: 0].deleteButtonTapped) {
      $0.path[id: 0]?.alert = .deleteTodo("Buy milk")
    }
    await store.send(\.path[id: 0].alert.dismiss) {
      $0.path[id: 0]?.alert = nil
    }
    #expect(store.state.todos.count == 2)
  }

  @Test func theEditorAloneAsksItsParentToDeleteOnceConfirmed() async {
    let todo = Shared(value: Todo.State(id: UUID(0), description: "Buy milk"))
    let store = TestStore(initialState: TodoEditor.State(todo: todo)) {
      TodoEditor()
    }
    await store.send(.deleteButtonTapped) {
      $0.alert = .deleteTodo("Buy milk")
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
    }
    await store.receive(.delegate(.deleteTodo))
    #expect(todo.wrappedValue.description == "Buy milk")
  }

  private func makeStore() -> TestStore<Todos.State, Todos.Action> {
    TestStore(
      initialState: Todos.State(
        todos: Shared(value: todos),
        sortCompleted: SharedReader(value: true)
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }
}
