import Animations
import CustomDump

/// What tapping (or, at the terminal, choosing) a button sends: an action, or `nil` to only
/// dismiss — with an animation, when one is named.
public struct ButtonStateAction<Action> {
  /// The kind of action.
  public let type: _ActionType

  /// Sends `action` when the button is chosen; `nil` only dismisses.
  public static func send(_ action: Action?) -> Self {
    Self(type: .send(action))
  }

  /// Sends `action` with `animation` when the button is chosen; `nil` only dismisses.
  ///
  /// Off Apple platforms the animation is inert: the action is sent as ``send(_:)`` sends it.
  /// The button still compares by its animation, as swift-navigation's does, so
  /// `.send(.ok, animation: nil)` is not `.send(.ok)`.
  public static func send(_ action: Action?, animation: Animation?) -> Self {
    Self(type: .animatedSend(action, animation: animation))
  }

  /// The action the button sends, if any.
  public var action: Action? {
    switch type {
    case let .send(action), let .animatedSend(action, animation: _): action
    }
  }

  /// The same button action, with its animation, with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    switch type {
    case let .send(action): .send(transform(action))
    case let .animatedSend(action, animation): .send(transform(action), animation: animation)
    }
  }

  /// The kinds of button action.
  public enum _ActionType {
    /// Sends the action, if any.
    case send(Action?)
    /// Sends the action, if any, with an animation (inert off Apple platforms).
    case animatedSend(Action?, animation: Animation?)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction._ActionType: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction._ActionType: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
extension ButtonStateAction._ActionType: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomDumpReflectable {
  /// Dumps as `.send(…)`, with the animation when there is one.
  public var customDumpMirror: Mirror {
    switch type {
    case let .send(action):
      Mirror(self, children: ["send": action as Any], displayStyle: .enum)
    case let .animatedSend(action, animation):
      Mirror(self, children: ["send": (action, animation: animation)], displayStyle: .enum)
    }
  }
}
