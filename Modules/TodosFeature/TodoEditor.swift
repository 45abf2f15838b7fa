import ComposableCore
import Foundation
import Persistence

/// One todo opened on a screen of its own, pushed on the list's stack: rename it, mark it done,
/// write notes, or delete it after a confirmation.
///
/// The todo is a reference into the list's shared todos, so every edit lands in the persisted
/// list at once:
///
/// ```swift
/// TodoEditor.State(todo: Shared($todos[id: id])!)
/// ```
///
/// Deleting asks first; once confirmed, the editor tells its parent
/// (``Action/Delegate/deleteTodo``), which removes the todo and pops the editor in the same
/// action, so no screen ever shows the editor of a deleted todo.
@Reducer
public struct TodoEditor {
  /// The todo being edited, and the question the screen asks.
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    /// The todo, shared with the list it belongs to.
    @Shared public var todo: Todo.State
    /// The question before deleting the todo, while it is asked.
    @Presents public var alert: AlertState<Action.Alert>?

    /// The todo's identity.
    public var id: Todo.State.ID { todo.id }

    /// Edits `todo`, a reference into the list's shared todos.
    public init(todo: Shared<Todo.State>) {
      self._todo = todo
    }
  }

  /// What can happen on the editor's screen.
  public enum Action: Equatable, Sendable {
    /// The answer to the question the screen asks.
    case alert(PresentationAction<Alert>)
    /// Deleting the todo was asked for: the screen asks first.
    case deleteButtonTapped
    /// What the editor asks of its parent.
    case delegate(Delegate)
    /// An edit of the todo: its description, its notes, or whether it is done.
    case todo(Todo.Action)

    /// The answers to the screen's questions.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Yes, delete the todo.
      case confirmDeletion
    }

    /// What the editor asks of its parent.
    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// Remove the todo from the list and close the editor: the deletion was confirmed.
      case deleteTodo
    }
  }

  /// Creates the reducer.
  public init() {}

  /// Applies edits through the shared todo, and asks before deleting it.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        return .run { send in await send(.delegate(.deleteTodo)) }

      case .alert:
        return .none

      case .deleteButtonTapped:
        state.alert = .deleteTodo(state.todo.description)
        return .none

      case .delegate:
        return .none

      case .todo(let action):
        // NB: `Todo` holds a todo's rules (trimming, ignoring a blank description); the editor
        // applies them to the shared todo under its lock.
        return state.$todo.withLock { todo in
          Todo().reduce(into: &todo, action: action).map(Action.todo)
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
