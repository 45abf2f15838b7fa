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

  /// Text holding a control character changes nothing: a database cuts it short at a NUL, and a
  /// terminal showing it obeys the rest (the views refuse it with a message first).
  @Test func editRejectsControlCharacters() async {
    let store = TestStore(initialState: Todo.State(id: UUID(0), description: "Buy milk", notes: "2%")) {
      Todo()
    }
    await store.send(.descriptionChanged("Buy\0 oat milk"))
    await store.send(.descriptionChanged("\u{1B}[2J"))
    await store.send(.notesChanged("a\u{9B}b"))
    await store.send(.notesChanged("  ")) { $0.notes = "" }
  }
}
