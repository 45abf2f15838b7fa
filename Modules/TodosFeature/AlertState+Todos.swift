import ComposableCore

extension AlertState where Action == Todos.Action.Alert {
  /// Asks before deleting the `count` completed todos: Delete, or Cancel (the default).
  public static func clearCompleted(count: Int) -> Self {
    AlertState {
      TextState("Delete \(count) completed todo\(count == 1 ? "" : "s")?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmClearCompleted) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }
}
