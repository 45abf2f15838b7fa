import ComposableCore
import Foundation
import Testing
@testable import TodosFeature

/// The todos file reads back what it wrote, in order, and a file naming one id twice is corrupt
/// rather than read with a todo lost.
struct TodosFileTests {
  @Test func whatIsWrittenIsReadBackInOrder() throws {
    let todos: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: UUID(0), description: "Buy milk", isComplete: true, notes: "2% fat"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ]
    let read = try TodosFile.decode(TodosFile.encode(todos))
    #expect(read == todos)
  }

  @Test func anIdNamedTwiceIsCorrupt() {
    let id = UUID(0).uuidString
    let data = Data("""
      [{"id": "\(id)", "description": "a", "isComplete": false},
       {"id": "\(id)", "description": "b", "isComplete": false}]
      """.utf8)
    #expect {
      try TodosFile.decode(data)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "Duplicate todo id \(id)"
    }
  }
}
