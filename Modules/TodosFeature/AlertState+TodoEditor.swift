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
}
