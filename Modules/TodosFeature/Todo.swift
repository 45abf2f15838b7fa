import ComposableCore
import Foundation

/// One todo: a description, whether it is done, and notes.
///
/// A description is stored trimmed of surrounding whitespace; an edit that leaves nothing but
/// whitespace is ignored, so a todo never loses its description. Notes are trimmed too, and
/// may be empty.
@Reducer
public struct Todo {
  /// A todo's state, stored as one element of the todos file.
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    /// The todo's identity, from the `uuid` dependency. A constant, as in the Composable
    /// Architecture's Todos example: reading it records nothing for observation, so a list
    /// indexes its todos by id without touching their registrars.
    public let id: UUID
    /// What is to be done.
    public var description: String
    /// Whether it is done.
    public var isComplete: Bool
    /// Anything else worth writing down about it; empty when there is nothing.
    public var notes: String

    /// Creates a todo.
    public init(id: UUID, description: String = "", isComplete: Bool = false, notes: String = "") {
      self.id = id
      self.description = description
      self.isComplete = isComplete
      self.notes = notes
    }
  }

  /// What can happen to a todo.
  public enum Action: Equatable, Sendable {
    /// The description was edited; blank text, or text holding a control character, changes
    /// nothing.
    case descriptionChanged(String)
    /// The notes were edited; empty text clears them, and text holding a control character
    /// changes nothing.
    case notesChanged(String)
    /// The todo was marked done, or not done again.
    case toggleCompleted
  }

  /// Creates the reducer.
  public init() {}

  /// Applies an edit or a toggle.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .descriptionChanged(let description):
        guard let description = Todo.State.keptText(description), !description.isEmpty else { return .none }
        state.description = description
        return .none

      case .notesChanged(let notes):
        guard let notes = Todo.State.keptText(notes) else { return .none }
        state.notes = notes
        return .none

      case .toggleCompleted:
        state.isComplete.toggle()
        return .none
      }
    }
  }
}

extension Todo.State {
  // NB: A todo's registrar is made the first time one of its tracked properties is read
  //     (`ObservationStateRegistrar`): the todos written to the database, or imported from a
  //     file, are read through the storage below, so they make none; no view is reading them.

  /// Whether the todo is done, read without recording the read for observation.
  var isCompleteUnobserved: Bool { _isComplete }

  /// The description, read without recording the read for observation.
  var descriptionUnobserved: String { _description }

  /// The notes, read without recording the read for observation.
  var notesUnobserved: String { _notes }

  /// Text as a todo keeps it, trimmed; `nil` when it holds a control character, which the
  /// database would cut short at a NUL and a terminal showing it would obey (the views refuse
  /// such text with a message first).
  static func keptText(_ text: String) -> String? {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
  }
}
