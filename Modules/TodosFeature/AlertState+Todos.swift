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

  /// Says that a change could not be written, and why; nothing was changed. Answered by an
  /// empty line ("OK").
  public static func writeFailed(_ reason: String) -> Self {
    AlertState { TextState("Could not save the change: \(reason). Nothing was changed.") }
  }
}
