import ComposableTestSupport
import Foundation
import Testing
import TodosFeature

@MainActor
struct TodoTests {
  @Test func toggleCompleted() async {
    let store = TestStore(initialState: Todo.State(id: UUID(0), description: "Buy milk")) {
      Todo()
    }
    await store.send(.toggleCompleted) { $0.isComplete = true }
    await store.send(.toggleCompleted) { $0.isComplete = false }
  }

  @Test func edit() async {
    let store = TestStore(initialState: Todo.State(id: UUID(0), description: "Buy milk")) {
      Todo()
    }
    await store.send(.descriptionChanged("Buy oat milk")) { $0.description = "Buy oat milk" }
  }

  @Test func editTrimsWhitespace() async {
    let store = TestStore(initialState: Todo.State(id: UUID(0), description: "Buy milk")) {
      Todo()
    }
    await store.send(.descriptionChanged("  Buy oat milk \n")) { $0.description = "Buy oat milk" }
  }

  @Test func editRejectsBlankText() async {
    let store = TestStore(initialState: Todo.State(id: UUID(0), description: "Buy milk")) {
      Todo()
    }
    await store.send(.descriptionChanged(""))
    await store.send(.descriptionChanged("   "))
  }
}
