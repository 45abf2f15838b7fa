import ComposableCore
import Foundation
import Persistence

/// One todo opened on a screen of its own, pushed on the list's stack: rename it, mark it done,
/// write notes, or delete it after a confirmation.
///
/// The screen reads the todo's row from the database (``TodoRequest``) and writes each edit to
/// it at once, by ``Todo``'s rules:
///
/// ```swift
/// TodoEditor.State(id: id)
/// ```
///
/// Deleting asks first; once confirmed, the editor tells its parent
/// (``Action/Delegate/deleteTodo``), which removes the todo and pops the editor in the same
/// action, so no screen ever shows the editor of a todo it deleted. A todo another app deletes
/// meanwhile reads as `nil`, and its screen says so.
@Reducer
public struct TodoEditor {
  /// The todo being edited, and the question the screen asks.
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    /// The todo's identity.
    public let id: Todo.State.ID
    /// The todo, read from the database; `nil` once it is deleted.
    @SharedReader public var todo: Todo.State?
    /// The question before deleting the todo, or a write that failed, while shown.
    @Presents public var alert: AlertState<Action.Alert>?

    /// Edits the todo with `id`, read from the default database.
    public init(id: Todo.State.ID) {
      self.id = id
      self._todo = SharedReader(wrappedValue: nil, .fetch(TodoRequest(id: id)))
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
    /// An edit queued while another app was writing could not be written, for this reason.
    case writeFailed(String)

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

  @Dependency(\.defaultDatabase) var database

  /// Creates the reducer.
  public init() {}

  /// Writes each edit to the todo's row, and asks before deleting it.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        return .run { send in await send(.delegate(.deleteTodo)) }

      case .alert:
        return .none

      case .deleteButtonTapped:
        guard let todo = state.todo else { return .none }
        state.alert = .deleteTodo(todo.description)
        return .none

      case .delegate:
        return .none

      case .todo(let action):
        // NB: `Todo` holds a todo's rules (trimming, ignoring a blank description); the row is
        //     read, changed by them and written in one transaction.
        //     Written at once, or queued behind another app's write (``TodosWrite``).
        let id = state.id
        return TodosWrite.perform(on: database, failed: Action.writeFailed, onFailure: { state.alert = .writeFailed($0) }) {
          db in try TodosHistory.record(in: db) { db in try action.apply(toTodo: id, db) }
        }

      case .writeFailed(let reason):
        state.alert = .writeFailed(reason)
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
