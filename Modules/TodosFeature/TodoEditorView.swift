import ComposableCore
import TerminalUI

/// The terminal screen of one opened todo, pushed over the list by `open <n>` and popped by
/// `back`:
///
/// ```
/// > open 2
/// todos › todo 2
///   [ ] Buy milk
///   notes: none — add some with note <text>
/// > note 2% fat
///   notes: 2% fat
/// > back
/// ```
public struct TodoEditorView: TerminalView {
  static let rename = Command("rename", arguments: "<text>", summary: "Change the todo's text")
  static let done = Command("done", summary: "Mark the todo done, or not done again")
  static let note = Command("note", arguments: "[<text>]", summary: "Write the todo's notes; alone, clear them")
  static let delete = Command("delete", aliases: ["rm"], summary: "Delete the todo, after a confirmation")

  /// Creates the view.
  public init() {}

  /// `rename`, `done`, `note` and `delete`.
  public var commands: [Command] {
    [Self.rename, Self.done, Self.note, Self.delete]
  }

  /// Turns each command into an edit of the todo, or the question before deleting it.
  public func interpret(
    _ invocation: Invocation,
    state: TodoEditor.State
  ) throws(ArgumentError) -> CommandOutcome<TodoEditor.Action> {
    switch invocation.command {
    case Self.rename:
      return .send(.todo(.descriptionChanged(try invocation.text(named: "text"))))
    case Self.done:
      try invocation.noArguments()
      return .send(.todo(.toggleCompleted))
    case Self.note:
      return .send(.todo(.notesChanged(try invocation.optionalText(named: "notes"))))
    case Self.delete:
      try invocation.noArguments()
      return .send(.deleteButtonTapped)
    default:
      throw ArgumentError("a todo's screen has no command \"\(invocation.command.name)\"")
    }
  }

  /// The question before deleting the todo: `Delete "Buy milk"? [y/N]`.
  public func question(for state: TodoEditor.State) -> TerminalQuestion<TodoEditor.Action>? {
    .alert(state, state: \.alert, action: \.alert)
  }

  /// The todo as the list shows it, then its notes; a todo deleted meanwhile (by another app)
  /// says so:
  ///
  /// ```
  ///   [x] Buy milk
  ///   notes: 2% fat
  /// ```
  public func render(_ state: TodoEditor.State, style: TextStyle) -> [String] {
    guard let todo = state.todo else {
      return ["  " + style.dim("this todo was deleted — type back")]
    }
    // NB: The text is shown with its control characters escaped: another program may have
    //     written it to the database.
    let description = style.literal(todo.description)
    let line = todo.isComplete ? "\(style.green("[x]")) \(style.dim(description))" : "[ ] \(description)"
    let notes = todo.notes.isEmpty
      ? style.dim("none — add some with note <text>")
      : style.literal(todo.notes)
    return ["  \(line)", "  \(style.bold("notes:")) \(notes)"]
  }
}
