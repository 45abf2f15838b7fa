import ComposableTestSupport
import Foundation
import Persistence
import Testing
import TodosFeature

struct SharedReaderKeyTodosTests {
  @Test func todosAreStoredInTodosJSONInTheDataDirectory() {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    let key: FileStorageKey<IdentifiedArrayOf<Todo.State>>.Default = .todos
    #expect(key.base.url.lastPathComponent == "todos.json")
    #expect(key.base.url.deletingLastPathComponent().lastPathComponent == dataDirectory.lastPathComponent)
  }

  @Test func todosRoundTripThroughTheirFile() async throws {
    @Shared(.todos) var todos
    #expect(todos.isEmpty)
    let stored: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    ]
    $todos.withLock { $0 = stored }
    try await $todos.save()
    try await $todos.load()
    #expect(todos == stored)
    #expect($todos.loadError == nil)
  }
}
