/// Which todos the list shows.
public enum Filter: String, CaseIterable, Codable, Hashable, Sendable {
  /// Every todo.
  case all
  /// The todos not yet completed.
  case active
  /// The completed todos.
  case completed
}
