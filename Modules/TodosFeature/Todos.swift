import ComposableCore
import Foundation
import Persistence

/// A list of todos, as in the Composable Architecture's Todos example: add, complete, edit,
/// delete, move, clear the completed ones (after a confirmation), and filter what is shown.
/// A todo opened (``Action/openTodo(id:)``) is pushed on the list's stack as a
/// ``TodoEditor`` screen, editing the shared todo in place.
///
/// The todos are shared state provided by the parent (usually persisted with
/// ``SharedReaderKey/todos``), and so is the setting that sorts completed todos to
/// the bottom:
///
/// ```swift
/// Todos.State(
///   todos: Shared(.todos),
///   sortCompleted: SharedReader(wrappedValue: true, .appStorage("sort-completed"))
/// )
/// ```
///
/// Completing a todo sorts the completed ones to the bottom a second later, once the user stops
/// toggling; moving one sorts 100 milliseconds later. Both only when `sortCompleted` is on.
@Reducer
public struct Todos {
  /// The todos, the filter, and whether completed todos sort to the bottom.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// Every todo, newest first unless moved; provided by the parent.
    @Shared public var todos: IdentifiedArrayOf<Todo.State>
    /// Which todos are shown.
    public var filter: Filter
    /// Where the list is scrolled to: the offset in ``filteredTodos`` of a todo on the page
    /// shown. A screen shows the page of its height that holds it.
    public var scrollOffset = 0
    /// Whether completed todos sort to the bottom; owned by the settings, provided by the parent.
    @SharedReader public var sortCompleted: Bool
    /// The question before clearing the completed todos, while it is asked.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The screens pushed over the list: todos opened for editing.
    public var path = StackState<TodoEditor.State>()

    /// Creates the list from the shared todos and sorting setting its parent provides.
    public init(
      todos: Shared<IdentifiedArrayOf<Todo.State>>,
      filter: Filter = .all,
      sortCompleted: SharedReader<Bool>
    ) {
      self._todos = todos
      self.filter = filter
      self._sortCompleted = sortCompleted
    }

    /// The todos shown under the current filter, in order. Positions and offsets in actions
    /// refer to this list.
    public var filteredTodos: IdentifiedArrayOf<Todo.State> {
      filter.shown(in: todos)
    }

    // NB: `forEach` needs a writable key path, and `withLock` is the only way to mutate shared
    // state, so the rows write through it.
    var rows: IdentifiedArrayOf<Todo.State> {
      get { todos }
      set { $todos.withLock { $0 = newValue } }
    }
  }

  /// What can happen to the list.
  public enum Action: Equatable, Sendable {
    /// A todo with this description was added on top; blank text adds nothing.
    case add(String)
    /// The answer to the question the list asks.
    case alert(PresentationAction<Alert>)
    /// Clearing the completed todos was asked for: the list asks first, if there are any.
    case clearCompletedButtonTapped
    /// The todo with this id was deleted.
    case delete(id: Todo.State.ID)
    /// The filter was changed; the list shows its first page.
    case filterChanged(Filter)
    /// The todo with this id was moved next to another one.
    case move(id: Todo.State.ID, to: MoveDestination)
    /// The todo with this id was opened: an editor screen is pushed for it.
    case openTodo(id: Todo.State.ID)
    /// An action of the stack of editor screens.
    case path(StackActionOf<TodoEditor>)
    /// The list was scrolled to the page holding the todo at this offset of
    /// ``State/filteredTodos``.
    case scrolled(to: Int)
    /// The delayed sort of completed todos to the bottom.
    case sortCompletedTodos
    /// An action of one todo.
    case todos(IdentifiedActionOf<Todo>)

    /// The answers to the list's questions.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Yes, delete the completed todos.
      case confirmClearCompleted
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  private enum CancelID { case sort }

  /// Creates the reducer.
  public init() {}

  /// The list's logic, with each todo's own logic run by `forEach`.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let description):
        let description = description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !description.isEmpty else { return .none }
        let todo = Todo.State(id: uuid(), description: description)
        state.$todos.withLock { _ = $0.insert(todo, at: 0) }
        return .none

      case .alert(.presented(.confirmClearCompleted)):
        state.$todos.withLock { $0.removeAll(where: \.isCompleteUnobserved) }
        return .none

      case .alert:
        return .none

      case .clearCompletedButtonTapped:
        let completed = TodosPage.completedCount(of: state.todos)
        guard completed > 0 else { return .none }
        state.alert = .clearCompleted(count: completed)
        return .none

      case .delete(let id):
        _ = state.$todos.withLock { $0.remove(id: id) }
        return .none

      case .filterChanged(let filter):
        state.filter = filter
        state.scrollOffset = 0
        return .none

      case .move(let id, let destination):
        state.$todos.withLock { $0.move(id: id, to: destination) }
        return sortCompletedTodos(after: .milliseconds(100), state: state)

      case .openTodo(let id):
        guard let todo = Shared(state.$todos[id: id]) else { return .none }
        state.path.append(TodoEditor.State(todo: todo))
        return .none

      case .path(.element(id: let id, action: .delegate(.deleteTodo))):
        guard let todoID = state.path[id: id]?.id else { return .none }
        _ = state.$todos.withLock { $0.remove(id: todoID) }
        state.path.pop(from: id)
        return .none

      case .path(.element(id: _, action: .todo(.toggleCompleted))):
        return sortCompletedTodos(after: .seconds(1), state: state)

      case .path:
        return .none

      case .scrolled(let offset):
        state.scrollOffset = max(0, offset)
        return .none

      case .sortCompletedTodos:
        state.$todos.withLock { $0.sort { !$0.isCompleteUnobserved && $1.isCompleteUnobserved } }
        return .none

      case .todos(.element(id: _, action: .toggleCompleted)):
        return sortCompletedTodos(after: .seconds(1), state: state)

      case .todos:
        return .none
      }
    }
    .forEach(\.rows, action: \.todos) {
      Todo()
    }
    .ifLet(\.$alert, action: \.alert)
    .forEach(\.path, action: \.path) {
      TodoEditor()
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
