import ComposableCore
import Foundation
import Persistence

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<Todo.State>>.Default {
  /// The todos, stored as `todos.json` in the data directory (`\.defaultDataDirectory`); empty
  /// until the first todo is added.
  ///
  /// ```swift
  /// @Shared(.todos) var todos
  /// ```
  public static var todos: Self {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    return Self[
      .fileStorage(dataDirectory.appendingPathComponent("todos.json"), decode: TodosFile.decode, encode: TodosFile.encode),
      default: []
    ]
  }
}
