import ComposableTestSupport
import Foundation
import Persistence
import Testing
import TodosFeature

@MainActor
struct TodosTests {
  let clock = TestClock()

  @Test func add() async {
    let store = makeStore()
    await store.send(.add("Buy milk")) {
      $0.$todos.withLock { _ = $0.insert(Todo.State(id: UUID(0), description: "Buy milk"), at: 0) }
    }
    await store.send(.add("  Walk dog ")) {
      $0.$todos.withLock { _ = $0.insert(Todo.State(id: UUID(1), description: "Walk dog"), at: 0) }
    }
  }

  @Test func addRejectsBlankText() async {
    let store = makeStore()
    await store.send(.add(""))
    await store.send(.add("  \t "))
  }

  @Test func edit() async {
    let store = makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    await store.send(\.todos[id: UUID(0)].descriptionChanged, "Buy oat milk") {
      $0.$todos.withLock { $0[id: UUID(0)]?.description = "Buy oat milk" }
    }
  }

  @Test func complete() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ])
    await store.send(\.todos[id: UUID(0)].toggleCompleted) {
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
  }

  @Test func completionDebounce() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum"),
    ])
    await store.send(\.todos[id: UUID(0)].toggleCompleted) {
      $0.$todos.withLock { $0[id: UUID(0)]?.isComplete = true }
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(1)].toggleCompleted) {
      $0.$todos.withLock { $0[id: UUID(1)]?.isComplete = true }
    }
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.sortCompletedTodos) {
      $0.$todos.withLock {
        $0 = [
          Todo.State(id: UUID(2), description: "Call mum"),
          Todo.State(id: UUID(0), description: "Buy milk", isComplete: true),
          Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
        ]
      }
    }
  }

  @Test func completeWithSortingOff() async {
    let store = makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
      ],
      sortCompleted: false
    )
    await store.send(\.todos[id: UUID(0)].toggleCompleted) {
      $0.$todos.withLock { $0[id: UUID(0)]?.isComplete = true }
    }
    await clock.advance(by: .seconds(1))
  }

  @Test func clearCompleted() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    ])
    await store.send(.clearCompletedButtonTapped) {
      $0.alert = .clearCompleted(count: 1)
    }
    await store.send(\.alert.confirmClearCompleted) {
      $0.alert = nil
      $0.$todos.withLock { $0 = [Todo.State(id: UUID(0), description: "Buy milk")] }
    }
  }

  @Test func clearCompletedCancelledKeepsEverything() async {
    let store = makeStore([Todo.State(id: UUID(1), description: "Walk dog", isComplete: true)])
    await store.send(.clearCompletedButtonTapped) {
      $0.alert = .clearCompleted(count: 1)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    #expect(store.state.todos.count == 1)
  }

  @Test func clearWithNothingCompletedAsksNothing() async {
    let store = makeStore([Todo.State(id: UUID(0), description: "Buy milk")])
    await store.send(.clearCompletedButtonTapped)
  }

  @Test func delete() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum"),
    ])
    await store.send(.delete(id: UUID(1))) {
      $0.$todos.withLock { _ = $0.remove(id: UUID(1)) }
    }
  }

  @Test func filteredDelete() async {
    let store = makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
      ],
      filter: .completed
    )
    await store.send(.delete(id: UUID(2))) {
      $0.$todos.withLock { _ = $0.remove(id: UUID(2)) }
    }
  }

  @Test func move() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
      Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
    ])
    await store.send(.move(id: UUID(2), to: .before(UUID(0)))) {
      $0.$todos.withLock {
        $0 = [
          Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
          Todo.State(id: UUID(0), description: "Buy milk"),
          Todo.State(id: UUID(1), description: "Walk dog"),
        ]
      }
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos) {
      $0.$todos.withLock {
        $0 = [
          Todo.State(id: UUID(0), description: "Buy milk"),
          Todo.State(id: UUID(1), description: "Walk dog"),
          Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
        ]
      }
    }
  }

  @Test func moveWithSortingOff() async {
    let store = makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
      ],
      sortCompleted: false
    )
    await store.send(.move(id: UUID(1), to: .before(UUID(0)))) {
      $0.$todos.withLock { $0.swapAt(0, 1) }
    }
    await clock.advance(by: .milliseconds(100))
  }

  @Test func filteredMove() async {
    let store = makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
        Todo.State(id: UUID(3), description: "Pay rent", isComplete: true),
      ],
      filter: .completed
    )
    await store.send(.move(id: UUID(2), to: .after(UUID(3)))) {
      $0.$todos.withLock { $0.swapAt(2, 3) }
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
  }

  @Test func filteredMoveToTheEndStaysAmongTheShownTodos() async {
    let store = makeStore(
      [
        Todo.State(id: UUID(0), description: "Buy milk"),
        Todo.State(id: UUID(1), description: "Walk dog"),
        Todo.State(id: UUID(2), description: "Call mum", isComplete: true),
      ],
      filter: .active
    )
    await store.send(.move(id: UUID(0), to: .after(UUID(1)))) {
      $0.$todos.withLock { $0.swapAt(0, 1) }
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
  }

  @Test func movingATodoAnotherAppDeletedChangesNothing() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ])
    await store.send(.move(id: UUID(7), to: .before(UUID(0))))
    await store.send(.move(id: UUID(1), to: .after(UUID(7))))
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.sortCompletedTodos)
  }

  @Test func filter() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    ])
    await store.send(.filterChanged(.completed)) { $0.filter = .completed }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(1)])
    await store.send(.filterChanged(.active)) { $0.filter = .active }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(0)])
    await store.send(.filterChanged(.all)) { $0.filter = .all }
    #expect(store.state.filteredTodos.map(\.id) == [UUID(0), UUID(1)])
  }

  private func makeStore(
    _ todos: IdentifiedArrayOf<Todo.State> = [],
    filter: Filter = .all,
    sortCompleted: Bool = true
  ) -> TestStore<Todos.State, Todos.Action> {
    TestStore(
      initialState: Todos.State(
        todos: Shared(value: todos),
        filter: filter,
        sortCompleted: SharedReader(value: sortCompleted)
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }
}
