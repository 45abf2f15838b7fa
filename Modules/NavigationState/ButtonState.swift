import Animations
import CustomDump
import Foundation
import IssueReporting

/// A button of an alert or a confirmation dialog: its label, its role and what it sends.
///
/// Two buttons are equal when their labels, roles and actions are; ``id`` only tells a view
/// which button is which.
public struct ButtonState<Action>: Identifiable {
  /// A value unique to this button.
  public let id: UUID

  /// What the button sends when chosen.
  public let action: ButtonStateAction<Action>

  /// The button's text.
  public let label: TextState

  /// Whether the button cancels, or destroys something; `nil` for an ordinary button.
  public let role: ButtonStateRole?

  init(id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// A button sending `action` (by default nothing: it only dismisses).
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(id: UUID(), action: action, label: label(), role: role)
  }

  /// A button sending `action`.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(id: UUID(), action: .send(action), label: label(), role: role)
  }

  /// Calls `perform` with the button's action (`nil` when it only dismisses), with its
  /// animation (inert off Apple platforms) when it has one.
  public func withAction(_ perform: (Action?) -> Void) {
    switch action.type {
    case let .send(action): perform(action)
    case let .animatedSend(action, animation): withAnimation(animation) { perform(action) }
    }
  }

  /// Calls `perform` with the button's action (`nil` when it only dismisses) and waits for it.
  ///
  /// An animated action performed this way is reported, as swift-navigation reports it: an
  /// asynchronous action cannot be animated.
  @MainActor
  public func withAction(_ perform: @MainActor (Action?) async -> Void) async {
    switch action.type {
    case let .send(action):
      await perform(action)
    case let .animatedSend(action, animation: _):
      if let action {
        var output = ""
        customDump(action, to: &output, indent: 4)
        reportIssue(
          """
          An animated action was performed asynchronously: …

            Action:
          \(output)

          Asynchronous actions cannot be animated. Evaluate this action in a synchronous \
          closure, or use 'SwiftUI.withAnimation' explicitly.
          """
        )
      }
      await perform(action)
    }
  }

  /// The same button, keeping its ``id``, with its action transformed.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(id: id, action: action.map(transform), label: label, role: role)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  /// Whether the two buttons have the same action, label and role; ``id`` is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes the action, label and role.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(label)
    hasher.combine(role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  /// Dumps the role (when there is one), the action and the label.
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role { children.append(("role", role)) }
    children.append(("action", action))
    children.append(("label", label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
