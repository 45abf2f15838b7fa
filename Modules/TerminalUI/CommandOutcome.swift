/// What a command does: send an action to the feature's store, or print lines (a "show"
/// command such as `todos`).
public enum CommandOutcome<Action> {
  /// Send this action.
  case send(Action)
  /// Print these lines; nothing changes.
  case print([String])
}

extension CommandOutcome: Equatable where Action: Equatable {}

extension CommandOutcome {
  /// Transforms the action to send, e.g. to embed a child view's action in its parent's.
  public func map<T>(_ transform: (Action) -> T) -> CommandOutcome<T> {
    switch self {
    case .send(let action): .send(transform(action))
    case .print(let lines): .print(lines)
    }
  }
}
