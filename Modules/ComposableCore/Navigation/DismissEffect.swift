import Dependencies
import IssueReporting

/// Dismisses the presented feature that calls it: `@Dependency(\.dismiss) var dismiss`, then
/// `await dismiss()` from an effect.
///
/// The parent receives its `PresentationAction.dismiss` for the child, sets the child's state
/// to `nil` and cancels the child's effects — including the one that called this. Outside a
/// presentation, calling it is reported as an issue and does nothing; check
/// `@Dependency(\.isPresented)` first in a feature that runs both ways.
public struct DismissEffect: Sendable {
  var dismiss: (@MainActor @Sendable () -> Void)?
  /// Whether this is ``presented``, the dismissal a presentation gives its destination.
  var isPresentation = false

  /// A dismissal that runs `dismiss`; tests use it to see that a feature dismissed itself.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  init() {
    self.dismiss = nil
  }

  /// What a presented destination's `dismiss` is: it dismisses the innermost presentation the
  /// effect calling it belongs to.
  @usableFromInline
  static let presented: DismissEffect = {
    var presented = DismissEffect { Dismissal.current?() }
    presented.isPresentation = true
    return presented
  }()

  /// Whether calling it dismisses something; `false` outside a presentation.
  package var isAvailable: Bool {
    dismiss != nil
  }

  /// Dismisses, if it can, without reporting when it cannot.
  @MainActor
  package func run() {
    dismiss?()
  }

  /// Dismisses the presented feature.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed.

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before calling \
        @Dependency(\\.dismiss).
        """,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      return
    }
    dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature that calls it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }

  /// Whether the feature reading it runs presented (by `ifLet` on a ``PresentationState``),
  /// and so can ``dismiss`` itself.
  public var isPresented: Bool {
    dismiss.dismiss != nil
  }
}
