/// What a command does: send an action to the feature's store, or print lines (a "show"
/// command such as `todos`).
public enum CommandOutcome<Action> {
  /// Send this action.
  case send(Action)
  /// Print these lines; nothing changes.
  case print([String])
}

extension CommandOutcome: Equatable where Action: Equatable {}
