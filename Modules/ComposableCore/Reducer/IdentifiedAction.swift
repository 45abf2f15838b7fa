import CasePaths

/// An action for one element of a collection, used with
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
///
/// A case key path can address one element directly: `store.send(\.todos[id: id].toggle)`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action sent to the element with the given id.
  case element(id: ID, action: Action)

  /// The case paths of ``IdentifiedAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``IdentifiedAction``: ``element`` and one per element id.
  public struct AllCasePaths: Sendable {
    /// The path to any element's id and action.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The path to the action of the element with `id`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        }
      )
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The ``IdentifiedAction`` of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
