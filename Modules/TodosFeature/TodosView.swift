import ComposableCore
import Foundation
import SharingGRDB
import TerminalUI

/// The todos' terminal view. Positions are 1-based in the list as shown, with the filter
/// applied; the view turns each into the todo it names before sending an action.
///
/// A long list shows one page: as many rows as the terminal has room for (the page size the
/// terminal's height sets, ``terminalResized(rows:state:)``; 20 when piped), and a line saying
/// which rows these are and how to see the others (`next`,
/// `prev`, `todos <n>` for the page that holds todo n, `todos all` for every todo). Positions
/// keep meaning positions in the whole list, shown or not: `done 9500` works on any page.
///
/// ```
/// > add Buy milk
/// > add "Walk dog"
/// > done 1
/// > todos
/// todos: 1 active, 1 completed (filter: all)
///   1. [ ] Walk dog
///   2. [x] Buy milk
/// ```
public struct TodosView: TerminalView {
  static let show = Command(
    "todos", arguments: "[all|<n>]",
    summary: "Show this page of todos, all of them, or the page that holds todo n"
  )
  static let next = Command("next", summary: "Show the next page of todos")
  static let previous = Command("prev", summary: "Show the previous page of todos")
  static let add = Command("add", arguments: "<text>", summary: "Add a todo on top")
  static let done = Command("done", arguments: "<n>", summary: "Mark todo n done, or not done again")
  static let edit = Command("edit", arguments: "<n> <text>", summary: "Change the text of todo n")
  static let remove = Command("rm", arguments: "<n>", summary: "Delete todo n")
  static let move = Command("mv", arguments: "<from> <to>", summary: "Move a todo to another position")
  static let filter = Command(
    "filter",
    arguments: "all|active|completed",
    summary: "Show all todos, only the active ones, or only the completed ones"
  )
  static let clear = Command("clear", summary: "Delete the completed todos, after a confirmation")
  static let open = Command("open", arguments: "<n>", summary: "Open todo n on a screen of its own, to edit it")
  static let find = Command(
    "find", arguments: "[<words>]",
    summary: "Show only the todos holding words that start with these; find alone shows them all"
  )
  static let undo = Command("undo", summary: "Take back the last change to the list")
  static let redo = Command("redo", summary: "Make the last undone change again")

  /// Creates the view.
  public init() {}

  /// `todos`, `next`, `prev`, `add`, `done`, `edit`, `rm`, `mv`, `filter`, `find`, `clear`,
  /// `open`, `undo` and `redo`.
  public var commands: [Command] {
    [
      Self.show, Self.next, Self.previous, Self.add, Self.done, Self.edit, Self.remove, Self.move,
      Self.filter, Self.find, Self.clear, Self.open, Self.undo, Self.redo,
    ]
  }

  /// The positions of the todos on the page shown, for the commands that take one (`mv` takes
  /// two); `all` for `todos`; the filter's values for `filter`.
  public func completions(for invocation: Invocation, state: Todos.State) -> [String] {
    let takesPosition: Bool
    switch invocation.command {
    case Self.done, Self.remove, Self.open, Self.edit: takesPosition = invocation.arguments.isEmpty
    case Self.move: takesPosition = invocation.arguments.count < 2
    case Self.show: return invocation.arguments.isEmpty ? ["all"] : []
    default: takesPosition = false
    }
    guard takesPosition else { return invocation.command.argumentChoices(at: invocation.arguments.count) }
    let page = TodosPage(state.window, offset: state.scrollOffset, size: state.pageSize)
    return page.rows.indices.map { String(page.start + $0 + 1) }
  }

  /// A page as tall as the terminal has room for: `pageSizeChanged` when that is another size.
  public func terminalResized(rows: Int, state: Todos.State) -> [Todos.Action] {
    rows == state.pageSize ? [] : [.pageSizeChanged(rows)]
  }

  /// Prints the page for `todos` (every todo for `todos all`); turns every other command into an
  /// action, naming todos by id. A position outside the list as shown fails:
  /// `no todo 7: the list shows 3`.
  public func interpret(
    _ invocation: Invocation,
    state: Todos.State
  ) throws(ArgumentError) -> CommandOutcome<Todos.Action> {
    // NB: the window is read once: another process's commit may replace it at any moment, and
    //     a position is checked against, and resolved in, the same window (or, outside it, in
    //     the database as it is now).
    let window = state.window
    let shown = ShownTodos(window: window, filter: state.filter, find: state.find)
    func todo(at index: Int, named name: String) throws(ArgumentError) -> Todo.State.ID {
      try invocation.todoID(at: index, named: name, in: shown)
    }
    func page() -> TodosPage {
      TodosPage(window, offset: state.scrollOffset, size: state.pageSize)
    }
    switch invocation.command {
    case Self.show:
      guard let word = invocation.arguments.first else {
        return .print(render(page(), filter: state.filter, find: state.find, style: .plain))
      }
      try invocation.expectNoMore(after: 1, what: "one position or all")
      if word == "all" {
        let whole = wholeList(filter: state.filter, find: state.find)
        return .print(render(whole, filter: state.filter, find: state.find, style: .plain))
      }
      return .send(.scrolled(to: try invocation.position(at: 0, named: "position", in: shown)))
    case Self.next:
      try invocation.noArguments()
      let page = page()
      guard page.hasNext else { throw ArgumentError("no next page: \(page.range) is the end of the list") }
      return .send(.scrolled(to: page.start + state.pageSize))
    case Self.previous:
      try invocation.noArguments()
      let page = page()
      guard page.hasPrevious else { throw ArgumentError("no previous page: \(page.range) is the start of the list") }
      return .send(.scrolled(to: page.start - state.pageSize))
    case Self.add:
      return .send(.add(try invocation.text(named: "text")))
    case Self.done:
      let id = try todo(at: 0, named: "position")
      try invocation.expectNoMore(after: 1, what: "one position")
      return .send(.todos(.element(id: id, action: .toggleCompleted)))
    case Self.edit:
      let id = try todo(at: 0, named: "position")
      let text = try invocation.text(from: 1, named: "text")
      return .send(.todos(.element(id: id, action: .descriptionChanged(text))))
    case Self.remove:
      let id = try todo(at: 0, named: "position")
      try invocation.expectNoMore(after: 1, what: "one position")
      return .send(.delete(id: id))
    case Self.move:
      let from = try invocation.position(at: 0, named: "from", in: shown)
      let to = try invocation.position(at: 1, named: "to", in: shown)
      try invocation.expectNoMore(after: 2, what: "two positions")
      // NB: The todo lands at position `to` of the list as shown: before the todo there when it
      //     moves up, after it when it moves down.
      let moved = try todo(at: 0, named: "from")
      let anchor = try todo(at: 1, named: "to")
      return .send(.move(id: moved, to: to <= from ? .before(anchor) : .after(anchor)))
    case Self.filter:
      let filter = try invocation.choice(at: 0, named: "filter", as: Filter.self)
      try invocation.expectNoMore(after: 1, what: "one value")
      return .send(.filterChanged(filter))
    case Self.clear:
      try invocation.noArguments()
      return .send(.clearCompletedButtonTapped)
    case Self.open:
      let id = try todo(at: 0, named: "position")
      try invocation.expectNoMore(after: 1, what: "one position")
      return .send(.openTodo(id: id))
    case Self.find:
      return .send(.findChanged(try invocation.optionalText(named: "words")))
    case Self.undo:
      try invocation.noArguments()
      guard window.history.canUndo else { throw ArgumentError("nothing to undo") }
      return .send(.undo)
    case Self.redo:
      try invocation.noArguments()
      guard window.history.canRedo else { throw ArgumentError("nothing to redo: undo a change first") }
      return .send(.redo)
    default:
      throw ArgumentError("the todos have no command \"\(invocation.command.name)\"")
    }
  }

  /// The question before clearing the completed todos: `Delete 2 completed todos? [y/N]`.
  public func question(for state: Todos.State) -> TerminalQuestion<Todos.Action>? {
    .alert(state, state: \.alert, action: \.alert)
  }

  /// The screen of the todo opened last, under `todos › todo 2` (its position as shown now);
  /// `back` pops it.
  public func screen(for state: Todos.State) -> TerminalScreen<Todos.Action>? {
    .stack(state, state: \.path, action: \.path, root: "todos", title: { label(of: $0.id, in: state) }) {
      TodoEditorView()
    }
  }

  /// `todo 2`, after its position as shown, or in the whole list when the filter hides it.
  private func label(of id: Todo.State.ID, in state: Todos.State) -> String {
    let offset = ShownTodos(window: state.window, filter: state.filter, find: state.find).offset(of: id)
      ?? (state.filter == .all ? nil : ShownTodos.offset(of: id, filter: .all))
    return offset.map { "todo \($0 + 1)" } ?? "deleted todo"
  }

  /// Every todo `filter` shows that `find` matches, read from the database, for `todos all`.
  private func wholeList(filter: Filter, find: TodosFind) -> TodosPage {
    @Dependency(\.defaultDatabase) var database
    let request = TodosWindow(filter: filter, find: find, offset: 0, size: 1, isWhole: true)
    let whole = (try? database.read { db in try request.fetch(db) })
      ?? TodosWindow.Value()
    return TodosPage(whole, offset: 0, size: max(1, whole.shown))
  }

  /// A header with the counts and the filter, then the page of todos shown, numbered from 1 in
  /// the whole list as shown, and, when the list is longer than the page, which rows these are
  /// and how to see the others:
  ///
  /// ```
  /// todos: 1 active, 1 completed (filter: all)
  ///   1. [ ] Walk dog
  ///   2. [x] Buy milk
  /// ```
  ///
  /// A list the database cannot be read into (a row another program wrote that is not a todo)
  /// says so under the header, rather than looking empty:
  ///
  /// ```
  /// todos: 0 active, 0 completed (filter: all)
  ///   could not read the list: todo id 7 is not a UUID
  /// ```
  public func render(_ state: Todos.State, style: TextStyle) -> [String] {
    let page = TodosPage(state.window, offset: state.scrollOffset, size: state.pageSize)
    var lines = render(page, filter: state.filter, find: state.find, style: style)
    if let error = state.$window.loadError {
      let line = "  could not read the list: \(TodosDatabase.reason(error))"
      // NB: no window was read: the line saying the list is empty would be wrong.
      if page.rows.isEmpty { lines = [lines[0], line] } else { lines.insert(line, at: 1) }
    }
    return lines
  }

  /// The lines of `page`, from one reading of the window: the header's counts always match the
  /// rows below it.
  private func render(_ page: TodosPage, filter: Filter, find: TodosFind, style: TextStyle) -> [String] {
    // NB: What a person typed and another program wrote is shown with its control characters
    //     escaped, never sent to the terminal.
    let finding = find.isEmpty ? "" : ", find: \(style.literal(find.text))"
    let header = "\(style.bold("todos:")) \(page.count - page.completed) active, "
      + "\(page.completed) completed \(style.dim("(filter: \(filter.rawValue)\(finding))"))"
    guard !page.rows.isEmpty else {
      let which = filter == .all ? "" : "\(filter.rawValue) "
      let empty = page.count == 0
        ? "no todos yet: add one with add <text>"
        : find.isEmpty ? "no \(filter.rawValue) todos" : "no \(which)todos match \"\(style.literal(find.text))\": find alone shows them all"
      return [header, "  " + style.dim(empty)]
    }
    let width = String(page.start + page.rows.count).count
    var lines = [header]
    lines.reserveCapacity(page.rows.count + 2)
    for (offset, todo) in page.rows.enumerated() {
      let number = String(page.start + offset + 1)
      let position = String(repeating: " ", count: width - number.count) + number
      let description = style.literal(todo.description)
      let line = todo.isComplete ? "\(style.green("[x]")) \(style.dim(description))" : "[ ] \(description)"
      lines.append("  \(position). \(line)")
    }
    if page.hasNext || page.hasPrevious {
      let moves = (page.hasNext ? ["next"] : []) + (page.hasPrevious ? ["prev"] : []) + ["todos <n>", "todos all"]
      lines.append("  " + style.dim("\(page.range): \(moves.joined(separator: ", "))"))
    }
    return lines
  }
}
