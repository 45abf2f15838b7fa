import ComposableCore
import Foundation
import Persistence
import SharingGRDB

/// A list of todos, as in the Composable Architecture's Todos example: add, complete, edit,
/// delete, move, clear the completed ones (after a confirmation), filter what is shown, find
/// todos by their words (``Action/findChanged(_:)``), and undo and redo changes
/// (``TodosHistory``). A todo opened (``Action/openTodo(id:)``) is pushed on the list's stack as a
/// ``TodoEditor`` screen.
///
/// The todos live in the database (`@Dependency(\.defaultDatabase)`, opened by
/// ``TodosDatabase``): the state holds the part of the list the display shows, with the counts
/// (``State/window``, fetched by ``TodosWindow``), never the whole list. Each action writes the
/// rows it changes in one transaction, and the window is fetched again before the write returns.
/// The setting that sorts completed todos to the bottom is shared state the parent provides:
///
/// ```swift
/// Todos.State(sortCompleted: SharedReader(wrappedValue: true, .appStorage("sort-completed")))
/// ```
///
/// Completing a todo sorts the completed ones to the bottom a second later, once the user stops
/// toggling; moving one sorts 100 milliseconds later. Both only when `sortCompleted` is on.
@Reducer
public struct Todos {
  /// The part of the list shown, the filter, and whether completed todos sort to the bottom.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The page of ``pageSize`` todos holding ``scrollOffset`` under ``filter``, and the
    /// counts: read from the database, and read again after every commit.
    @SharedReader public var window: TodosWindow.Value
    /// Which todos are shown.
    public var filter: Filter
    /// The words the todos shown hold: a find; empty for every todo.
    public var find: TodosFind
    /// Where the list is scrolled to: the offset among the todos shown of a todo on the page
    /// shown.
    public var scrollOffset: Int
    /// The rows of a page: as many as the terminal has room for, typed
    /// (``Action/pageSizeChanged(_:)``); ``defaultPageSize`` piped, the same on every terminal.
    public var pageSize: Int
    /// Whether completed todos sort to the bottom; owned by the settings, provided by the parent.
    @SharedReader public var sortCompleted: Bool
    /// The question before clearing the completed todos, or a write that failed, while shown.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The screens pushed over the list: todos opened for editing.
    public var path = StackState<TodoEditor.State>()

    /// The rows of a page when the terminal's height is not known: 20.
    public static let defaultPageSize = 20

    /// Creates the list, reading the page of `pageSize` rows of `filter` at `scrollOffset` from
    /// the default database, with the sorting setting its parent provides.
    public init(
      filter: Filter = .all,
      find: TodosFind = TodosFind(),
      scrollOffset: Int = 0,
      pageSize: Int = Self.defaultPageSize,
      sortCompleted: SharedReader<Bool>
    ) {
      self.filter = filter
      self.find = find
      self.scrollOffset = scrollOffset
      self.pageSize = max(1, pageSize)
      self._window = SharedReader(
        wrappedValue: TodosWindow.Value(),
        .fetch(TodosWindow(filter: filter, find: find, offset: scrollOffset, size: pageSize))
      )
      self._sortCompleted = sortCompleted
    }

    /// The page the filter, offset and page size now in force show.
    var windowRequest: TodosWindow {
      TodosWindow(filter: filter, find: find, offset: scrollOffset, size: pageSize)
    }

    /// Reads the page the filter, offset and page size now in force show.
    mutating func refetchWindow() {
      $window = SharedReader(wrappedValue: window, .fetch(windowRequest))
    }
  }

  /// What can happen to the list.
  public enum Action: Equatable, Sendable {
    /// A todo with this description was added on top; blank text, or text holding a control
    /// character, adds nothing.
    case add(String)
    /// The answer to the question the list asks.
    case alert(PresentationAction<Alert>)
    /// Clearing the completed todos was asked for: the list asks first, if there are any.
    case clearCompletedButtonTapped
    /// The todo with this id was deleted.
    case delete(id: Todo.State.ID)
    /// The filter was changed; the list shows its first page.
    case filterChanged(Filter)
    /// The todos holding these words were looked for (every todo for none); the list shows the
    /// first page of those it finds.
    case findChanged(String)
    /// The todo with this id was moved next to another one.
    case move(id: Todo.State.ID, to: MoveDestination)
    /// The todo with this id was opened: an editor screen is pushed for it.
    case openTodo(id: Todo.State.ID)
    /// The terminal has room for this many rows: a page shows that many, and the list shows the
    /// page of that size holding the todo scrolled to.
    case pageSizeChanged(Int)
    /// An action of the stack of editor screens.
    case path(StackActionOf<TodoEditor>)
    /// The last undone change was asked to be made again.
    case redo
    /// The list was scrolled to the page holding the todo at this offset among those the
    /// filter shows.
    case scrolled(to: Int)
    /// The delayed sort of completed todos to the bottom.
    case sortCompletedTodos
    /// An action of one todo.
    case todos(IdentifiedActionOf<Todo>)
    /// The last change was asked to be taken back.
    case undo
    /// A change queued while another app was writing could not be written, for this reason.
    case writeFailed(String)

    /// The answers to the list's questions.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Yes, delete the completed todos.
      case confirmClearCompleted
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.defaultDatabase) var database
  @Dependency(\.uuid) var uuid

  private enum CancelID { case sort }

  /// Creates the reducer.
  public init() {}

  /// The list's logic: each change is one write to the database.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let description):
        guard let description = Todo.State.keptText(description), !description.isEmpty else { return .none }
        let todo = Todo.State(id: uuid(), description: description)
        return write(&state) { db in try TodosOrder.insertOnTop(todo, db) }

      case .alert(.presented(.confirmClearCompleted)):
        return write(&state) { db in try TodosOrder.deleteCompleted(db) }

      case .alert:
        return .none

      case .clearCompletedButtonTapped:
        let completed = state.window.counts.completed
        guard completed > 0 else { return .none }
        state.alert = .clearCompleted(count: completed)
        return .none

      case .delete(let id):
        return write(&state) { db in try TodosOrder.delete(id, db) }

      case .filterChanged(let filter):
        state.filter = filter
        state.scrollOffset = 0
        state.refetchWindow()
        return .none

      case .findChanged(let text):
        state.find = TodosFind(text)
        // NB: the words of todos just imported may not all be read yet: a find reads the rest
        //     first, so that it finds every todo, whenever it is typed.
        if !state.find.isEmpty { TodosWordIndex.indexEveryPending(in: database) }
        state.scrollOffset = 0
        state.refetchWindow()
        return .none

      case .move(let id, let destination):
        return .merge(
          write(&state) { db in try TodosOrder.move(id, to: destination, db) },
          sortCompletedTodos(after: .milliseconds(100), state: state)
        )

      case .openTodo(let id):
        let editor = TodoEditor.State(id: id)
        guard editor.todo != nil else { return .none }
        state.path.append(editor)
        return .none

      case .pageSizeChanged(let size):
        let size = max(1, size)
        guard size != state.pageSize else { return .none }
        state.pageSize = size
        state.refetchWindow()
        return .none

      case .path(.element(id: let id, action: .delegate(.deleteTodo))):
        guard let todoID = state.path[id: id]?.id else { return .none }
        let written = write(&state) { db in try TodosOrder.delete(todoID, db) }
        state.path.pop(from: id)
        return written

      case .path(.element(id: _, action: .todo(.toggleCompleted))):
        return sortCompletedTodos(after: .seconds(1), state: state)

      case .path:
        return .none

      case .redo:
        return write(&state, recording: nil) { db in try TodosHistory.redo(db) }

      case .scrolled(let offset):
        state.scrollOffset = max(0, offset)
        state.refetchWindow()
        return .none

      case .sortCompletedTodos:
        return write(&state, recording: .joiningLast) { db in try TodosOrder.sortCompleted(db) }

      case .writeFailed(let reason):
        state.alert = .writeFailed(reason)
        return .none

      case .todos(.element(id: let id, action: let action)):
        let written = write(&state) { db in try action.apply(toTodo: id, db) }
        guard case .toggleCompleted = action else { return written }
        return .merge(written, sortCompletedTodos(after: .seconds(1), state: state))

      case .undo:
        return write(&state, recording: nil) { db in try TodosHistory.undo(db) }
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .forEach(\.path, action: \.path) {
      TodoEditor()
    }
  }

  /// Writes `change` in one transaction (``TodosWrite``): at once, or, while another app is
  /// writing, queued behind it in an effect; a write that fails changes nothing and says why in
  /// an alert. The change is a step of the history (`recording`), unless it is an undo or a redo
  /// (`nil`), which records itself.
  private func write(
    _ state: inout State,
    recording: TodosHistory.Recording? = .newStep,
    _ change: @escaping @Sendable (Database) throws -> Void
  ) -> Effect<Action> {
    TodosWrite.perform(on: database, failed: Action.writeFailed, onFailure: { state.alert = .writeFailed($0) }) { db in
      guard let recording else { return try change(db) }
      try TodosHistory.record(in: db, as: recording, change)
    }
  }

  /// Sorts completed todos to the bottom after `delay`, replacing any sort already waiting, when
  /// the setting is on.
  private func sortCompletedTodos(after delay: Duration, state: State) -> Effect<Action> {
    guard state.sortCompleted else { return .none }
    return .run { [clock] send in
      try await clock.sleep(for: delay)
      await send(.sortCompletedTodos)
    }
    .cancellable(id: CancelID.sort, cancelInFlight: true)
  }
}
