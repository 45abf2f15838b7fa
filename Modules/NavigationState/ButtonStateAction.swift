import CustomDump

/// What tapping (or, at the terminal, choosing) a button sends: an action, or `nil` to only
/// dismiss.
public struct ButtonStateAction<Action> {
  /// The kind of action.
  public let type: _ActionType

  /// Sends `action` when the button is chosen; `nil` only dismisses.
  public static func send(_ action: Action?) -> Self {
    Self(type: .send(action))
  }

  /// The action the button sends, if any.
  public var action: Action? {
    switch type {
    case let .send(action): action
    }
  }

  /// The same button action with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    switch type {
    case let .send(action): .send(transform(action))
    }
  }

  /// The kinds of button action. Off Apple platforms there are no animations, so there is one.
  public enum _ActionType {
    /// Sends the action, if any.
    case send(Action?)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction._ActionType: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction._ActionType: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
extension ButtonStateAction._ActionType: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomDumpReflectable {
  /// Dumps as `.send(…)`.
  public var customDumpMirror: Mirror {
    switch type {
    case let .send(action):
      Mirror(self, children: ["send": action as Any], displayStyle: .enum)
    }
  }
}
