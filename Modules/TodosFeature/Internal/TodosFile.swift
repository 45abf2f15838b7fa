import ComposableCore
import Foundation

/// The todos file's format: a JSON array of todos, as `Todo.State`'s coding writes each one.
///
/// Read into a list whose storage and id table are sized once, from the array's count: decoding
/// `IdentifiedArray` itself appends todo by todo, growing both and rehashing every id each time
/// the table grows, which at 100,000 todos is a third of the app's start.
enum TodosFile {
  /// The todos the file holds; a file naming one id twice, or holding a NUL in a todo's text, is
  /// corrupt.
  static func decode(_ data: Data) throws -> IdentifiedArrayOf<Todo.State> {
    try JSONDecoder().decode(List.self, from: data).todos
  }

  /// The todos the file holds, as rows to insert: read without the state each todo would carry
  /// on a screen (its observation), which at a million todos is a million objects made and freed
  /// for nothing. A file naming one id twice is corrupt, as ``decode(_:)`` says.
  static func decodeRows(_ data: Data) throws -> [Row] {
    try JSONDecoder().decode(Rows.self, from: data).rows
  }

  /// The file's bytes for `todos`: pretty-printed, keys sorted, as every file-backed value.
  static func encode(_ todos: IdentifiedArrayOf<Todo.State>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(todos)
  }

  /// One todo as the file holds it: its fields, decoded as `Todo.State`'s coding reads them.
  struct Row: Decodable, Equatable {
    var id: UUID
    var description: String
    var isComplete: Bool
    var notes: String

    private enum CodingKeys: String, CodingKey {
      case id, description, isComplete, notes
    }

    /// Decodes a todo from its element of the file. A todo without notes has none.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // NB: Read as text and parsed here, not through `UUID`'s own decoding, which scans with
      //     `sscanf`; the message for a malformed id is Foundation's.
      let idString = try container.decode(String.self, forKey: .id)
      guard let id = UUID(hexString: idString) ?? UUID(uuidString: idString) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [CodingKeys.id],
            debugDescription: "Attempted to decode UUID from invalid UUID string."
          )
        )
      }
      self.id = id
      description = try container.decode(String.self, forKey: .description)
      isComplete = try container.decode(Bool.self, forKey: .isComplete)
      notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
      // NB: The database keeps text up to its first NUL (GRDB binds text as a C string): a todo
      //     holding one (`\u0000` in the file) would lose the rest of its text, so the file is
      //     corrupt, and is kept aside whole, as a file naming an id twice is.
      if Self.holdsNUL(description) { throw Self.nulError(.description, in: container) }
      if Self.holdsNUL(notes) { throw Self.nulError(.notes, in: container) }
    }

    /// Whether `text` holds a NUL, looked for by `memchr` in its bytes: a million todos' texts
    /// in about 40 ms, where a loop over the bytes took 140.
    private static func holdsNUL(_ text: String) -> Bool {
      text.utf8.withContiguousStorageIfAvailable { bytes in
        !bytes.isEmpty && memchr(bytes.baseAddress!, 0, bytes.count) != nil
      } ?? text.utf8.contains(0)
    }

    private static func nulError(
      _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) -> DecodingError {
      .dataCorruptedError(forKey: key, in: container, debugDescription: "A todo's text holds a NUL character, which the list cannot keep")
    }
  }

  /// The array, decoded into a list reserved to its length.
  private struct List: Decodable {
    var todos = IdentifiedArrayOf<Todo.State>()

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      todos.reserveCapacity(container.count ?? 0)
      while !container.isAtEnd {
        let todo = try container.decode(Todo.State.self)
        guard todos.append(todo).inserted else { throw duplicate(todo.id, in: container) }
      }
    }
  }

  /// The array, decoded into rows reserved to its length, its ids checked once each.
  private struct Rows: Decodable {
    var rows: [Row] = []

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      rows.reserveCapacity(container.count ?? 0)
      var ids = Set<UUID>(minimumCapacity: container.count ?? 0)
      while !container.isAtEnd {
        let row = try container.decode(Row.self)
        guard ids.insert(row.id).inserted else { throw duplicate(row.id, in: container) }
        rows.append(row)
      }
    }
  }

  /// The error of a file naming `id` a second time, where `container` has read it.
  private static func duplicate(_ id: UUID, in container: any UnkeyedDecodingContainer) -> DecodingError {
    .dataCorruptedError(in: container, debugDescription: "Duplicate todo id \(id.uuidString)")
  }
}
