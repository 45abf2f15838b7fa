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

  @Test func idsAreReadInEitherCaseAsFoundationReadsThem() throws {
    for _ in 0..<100 {
      let id = UUID()
      #expect(UUID(hexString: id.uuidString) == id)
      #expect(UUID(hexString: id.uuidString.lowercased()) == id)
    }
    for malformed in ["", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0"] {
      #expect(UUID(hexString: malformed) == nil)
      #expect(UUID(uuidString: malformed) == nil)
    }
  }

  @Test func aMalformedIdIsReportedInFoundationsWords() {
    let data = Data(#"[{"id": "zz", "description": "a", "isComplete": false}]"#.utf8)
    #expect {
      try TodosFile.decode(data)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "Attempted to decode UUID from invalid UUID string."
        && context.codingPath.map(\.stringValue) == ["Index 0", "id"]
    }
  }
}
