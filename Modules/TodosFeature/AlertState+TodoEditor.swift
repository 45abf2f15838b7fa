import ComposableCore

extension AlertState where Action == TodoEditor.Action.Alert {
  /// Asks before deleting the todo described by `description`: Delete, or Cancel (the default).
  public static func deleteTodo(_ description: String) -> Self {
    AlertState {
      TextState("Delete \"\(description)\"?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }

  /// Says that a change could not be written, and why; nothing was changed. Answered by an
  /// empty line ("OK").
  public static func writeFailed(_ reason: String) -> Self {
    AlertState { TextState("Could not save the change: \(reason). Nothing was changed.") }
  }
}
