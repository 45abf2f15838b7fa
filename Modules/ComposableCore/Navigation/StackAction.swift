import CasePaths

/// The actions of a navigation stack, as its parent sees them: an action of one screen, a
/// request to push a screen, or to pop screens.
///
/// A parent's action enum holds `case path(StackActionOf<Path>)`; `\.path[id: id].save`
/// names the `save` action of the screen with `id`, and `\.path.popFrom` a pop.
public enum StackAction<State, Action>: CasePathable {
  /// An action of the screen with `id`.
  indirect case element(id: StackElementID, action: Action)

  /// Pops the screen with `id` and every screen above it.
  case popFrom(id: StackElementID)

  /// Pushes `state` with `id`: in tests the next id of the test store, from 0.
  case push(id: StackElementID, state: State)

  /// The case paths of ``StackAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``StackAction``: ``element``, ``popFrom``, ``push``, and the actions of
  /// one screen by id.
  public struct AllCasePaths: Sendable {
    /// The path to any screen's id and action.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The path to a pop.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The path to a push.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0, state: $1) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The path to the actions of the screen with `id`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
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

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The ``StackAction`` of a stack of screens run by reducer `R`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
