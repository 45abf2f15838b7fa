import IdentifiedCollections

/// Which todos the list shows.
public enum Filter: String, CaseIterable, Codable, Hashable, Sendable {
  /// Every todo.
  case all
  /// The todos not yet completed.
  case active
  /// The completed todos.
  case completed
}

extension Filter {
  /// The todos of `todos` this filter shows, in order.
  func shown(in todos: IdentifiedArrayOf<Todo.State>) -> IdentifiedArrayOf<Todo.State> {
    switch self {
    case .all: todos
    case .active: todos.filter { !$0.isCompleteUnobserved }
    case .completed: todos.filter(\.isCompleteUnobserved)
    }
  }

  /// Whether a todo is shown under this filter.
  func shows(_ todo: Todo.State) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isCompleteUnobserved
    case .completed: todo.isCompleteUnobserved
    }
  }
}
