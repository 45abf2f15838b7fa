import ComposableCore
import Foundation
import Testing
@testable import TodosFeature

/// The todos file reads back what it wrote, in order, and a file naming one id twice, or holding
/// a NUL in a todo's text, is corrupt rather than read with a todo or text lost.
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

  @Test func rowsToImportReadWhatTheTodosRead() throws {
    let todos: IdentifiedArrayOf<Todo.State> = [
      Todo.State(id: UUID(0), description: "Buy milk", isComplete: true, notes: "2% fat"),
      Todo.State(id: UUID(1), description: "Walk dog"),
    ]
    let rows = try TodosFile.decodeRows(TodosFile.encode(todos))
    #expect(rows.map { Todo.State(id: $0.id, description: $0.description, isComplete: $0.isComplete, notes: $0.notes) } == Array(todos))
  }

  @Test func rowsNamingAnIdTwiceAreCorruptInTheSameWords() {
    let id = UUID(0).uuidString
    let data = Data("""
      [{"id": "\(id)", "description": "a", "isComplete": false},
       {"id": "\(id)", "description": "b", "isComplete": false}]
      """.utf8)
    let words = { (error: any Error) -> String? in
      guard case DecodingError.dataCorrupted(let context) = error else { return nil }
      return "\(context.debugDescription) at \(context.codingPath.map(\.stringValue))"
    }
    let asTodos = #expect(throws: DecodingError.self) { try TodosFile.decode(data) }
    let asRows = #expect(throws: DecodingError.self) { try TodosFile.decodeRows(data) }
    #expect(asRows.flatMap(words) == "Duplicate todo id \(id) at [\"Index 2\"]")
    #expect(asRows.flatMap(words) == asTodos.flatMap(words))
  }

  /// The database would keep a todo's text only up to a NUL (GRDB binds text as a C string): a
  /// file with `\u0000` in a todo's text is corrupt, read neither as todos nor as rows, rather
  /// than imported with the rest of the text lost.
  @Test func aNULInATodosTextIsCorrupt() {
    let id = UUID(0).uuidString
    for (field, json) in [
      ("description", #"[{"id": "\#(id)", "description": "Buy\u0000 milk", "isComplete": false}]"#),
      ("notes", #"[{"id": "\#(id)", "description": "Buy milk", "isComplete": false, "notes": "2%\u0000"}]"#),
    ] {
      let data = Data(json.utf8)
      for decode in [{ _ = try TodosFile.decode(data) }, { _ = try TodosFile.decodeRows(data) }] {
        #expect {
          try decode()
        } throws: { error in
          guard case DecodingError.dataCorrupted(let context) = error else { return false }
          return context.debugDescription == "A todo's text holds a NUL character, which the list cannot keep"
            && context.codingPath.map(\.stringValue) == ["Index 0", field]
        }
      }
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
