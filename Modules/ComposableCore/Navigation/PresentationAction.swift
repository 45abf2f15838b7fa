import CasePaths

/// The actions of a presented child, as its parent sees them: the child's own actions, and
/// the request to dismiss it.
///
/// A parent's action enum holds `case destination(PresentationAction<Destination.Action>)`;
/// `\.destination.presented.edit` and the shorter `\.destination.edit` both name the child's
/// `edit` actions, and `\.destination.dismiss` the dismissal.
public enum PresentationAction<Action> {
  /// Dismiss the child: sent by the parent's view, or by the child calling
  /// `@Dependency(\.dismiss)`.
  case dismiss

  /// An action of the presented child.
  indirect case presented(Action)
}

extension PresentationAction: CasePathable {
  /// The case paths of ``PresentationAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``PresentationAction``: ``dismiss``, ``presented``, and the child's
  /// own cases, reached through ``presented``.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The path to ``PresentationAction/dismiss``.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The path to ``PresentationAction/presented(_:)``.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the child's actions, through ``presented``: `\.destination.edit`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction>
    where Action: CasePathable {
      PresentedCase(keyPath: keyPath).casePath
    }

    /// A case of the child's actions as a presentation of its own, keeping ``dismiss``: for
    /// scoping a presentation to one case of an enum destination.
    @_disfavoredOverload
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, PresentationAction<AppendedAction>>
    where Action: CasePathable {
      PresentedCase(keyPath: keyPath).presentationCasePath
    }
  }
}

/// One case of a presented child's actions, reached through ``PresentationAction/presented(_:)``.
// NB: Key paths are immutable; `@unchecked` only because `KeyPath` does not declare `Sendable`.
// NB: Holds the key path as plain functions, made outside any `@Sendable` closure, so the
//     closures of the case paths capture no conformance of `Action`.
private struct PresentedCase<Action, AppendedAction>: @unchecked Sendable {
  let embedChild: (AppendedAction) -> Action
  let extractChild: (Action) -> AppendedAction?

  init(keyPath: CaseKeyPath<Action, AppendedAction>) where Action: CasePathable {
    embedChild = { keyPath($0) }
    extractChild = { $0[case: keyPath] }
  }

  var casePath: AnyCasePath<PresentationAction<Action>, AppendedAction> {
    AnyCasePath(embed: { self.embed($0) }, extract: { self.extract($0) })
  }

  var presentationCasePath: AnyCasePath<PresentationAction<Action>, PresentationAction<AppendedAction>> {
    AnyCasePath(embed: { self.embedPresentation($0) }, extract: { self.extractPresentation($0) })
  }

  func embed(_ value: AppendedAction) -> PresentationAction<Action> {
    .presented(embedChild(value))
  }

  func extract(_ action: PresentationAction<Action>) -> AppendedAction? {
    guard case .presented(let action) = action else { return nil }
    return extractChild(action)
  }

  func embedPresentation(_ action: PresentationAction<AppendedAction>) -> PresentationAction<Action> {
    switch action {
    case .dismiss: .dismiss
    case .presented(let value): embed(value)
    }
  }

  func extractPresentation(_ action: PresentationAction<Action>) -> PresentationAction<AppendedAction>? {
    switch action {
    case .dismiss: .dismiss
    case .presented: extract(action).map { .presented($0) }
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
