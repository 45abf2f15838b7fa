import IdentifiedCollections

/// The todos a filter shows, read where a command names one by position: how many there are,
/// the id at a position, a todo's position. Under `all` each is a lookup in the list; under
/// another filter one pass over the list's storage that builds nothing (a filtered
/// `IdentifiedArray` would hash every todo it keeps, for one todo named).
struct ShownTodos {
  let todos: IdentifiedArrayOf<Todo.State>
  let filter: Filter

  /// How many todos the filter shows.
  var count: Int {
    switch filter {
    case .all: todos.count
    case .active: todos.count - TodosPage.completedCount(of: todos)
    case .completed: TodosPage.completedCount(of: todos)
    }
  }

  /// The id of the todo at `offset` among those shown; `offset` is in `0..<count`.
  func id(at offset: Int) -> Todo.State.ID {
    guard filter != .all else { return todos.ids[offset] }
    return todos.elements.withUnsafeBufferPointer { todos in
      var seen = 0
      for index in todos.indices where filter.shows(todos[index]) {
        if seen == offset { return todos[index].id }
        seen += 1
      }
      preconditionFailure("no todo at offset \(offset) of the \(seen) shown")
    }
  }

  /// The offset among those shown of the todo with `id`, if the filter shows it.
  func offset(of id: Todo.State.ID) -> Int? {
    guard let index = todos.index(id: id) else { return nil }
    guard filter != .all else { return index }
    return todos.elements.withUnsafeBufferPointer { todos in
      guard filter.shows(todos[index]) else { return nil }
      return todos[..<index].count(where: filter.shows)
    }
  }
}
