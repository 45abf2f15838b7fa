import ComposableCore
import Foundation

/// The todos file's format: a JSON array of todos, as `Todo.State`'s coding writes each one.
///
/// Read as an array, then indexed by id in one pass whose table is sized once: decoding into
/// `IdentifiedArray` directly appends todo by todo, rehashing the ids each time its table
/// grows, which at 100,000 todos is a third of the app's start.
enum TodosFile {
  /// The todos the file holds; a file naming one id twice is corrupt.
  static func decode(_ data: Data) throws -> IdentifiedArrayOf<Todo.State> {
    let todos = try JSONDecoder().decode([Todo.State].self, from: data)
    return try IdentifiedArray(todos) { first, _ in
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "Duplicate todo id \(first.id.uuidString)")
      )
    }
  }

  /// The file's bytes for `todos`: pretty-printed, keys sorted, as every file-backed value.
  static func encode(_ todos: IdentifiedArrayOf<Todo.State>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(todos)
  }
}
