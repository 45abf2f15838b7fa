import ComposableCore
import Foundation

/// The todos file's format: a JSON array of todos, as `Todo.State`'s coding writes each one.
///
/// Read into a list whose storage and id table are sized once, from the array's count: decoding
/// `IdentifiedArray` itself appends todo by todo, growing both and rehashing every id each time
/// the table grows, which at 100,000 todos is a third of the app's start.
enum TodosFile {
  /// The todos the file holds; a file naming one id twice is corrupt.
  static func decode(_ data: Data) throws -> IdentifiedArrayOf<Todo.State> {
    try JSONDecoder().decode(List.self, from: data).todos
  }

  /// The file's bytes for `todos`: pretty-printed, keys sorted, as every file-backed value.
  static func encode(_ todos: IdentifiedArrayOf<Todo.State>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(todos)
  }

  /// The array, decoded into a list reserved to its length.
  private struct List: Decodable {
    var todos = IdentifiedArrayOf<Todo.State>()

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      todos.reserveCapacity(container.count ?? 0)
      while !container.isAtEnd {
        let todo = try container.decode(Todo.State.self)
        guard todos.append(todo).inserted else {
          throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "Duplicate todo id \(todo.id.uuidString)"
          )
        }
      }
    }
  }
}
