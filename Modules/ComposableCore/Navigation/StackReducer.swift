import CasePaths
import Dependencies
import IssueReporting
import OrderedCollections

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

extension Reducer {
  /// Runs the screens of a navigation stack, before this reducer, and manages their lives:
  /// `.push` and `.popFrom` push and pop, a popped screen's effects are cancelled, and in a
  /// screen `@Dependency(\.dismiss)` pops it.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      base: self,
      toStackState: PreparedKeyPath(unresolved: toStackState),
      toStackAction: PreparedCasePath(toStackAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)`` returns.
///
/// NB: Its prepared form is the same reducer over its parts prepared, with the dependencies its
///     screens run under kept (``PresentedDependencies``); it runs specialized for the feature's
///     types, where the feature is compiled.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toStackState: PreparedKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: PreparedCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let location: SourceLocation
  /// What the screens run under, kept by the prepared reducer alone.
  @usableFromInline let presentedDependencies: PresentedDependencies?

  @usableFromInline
  init(
    base: Base,
    toStackState: PreparedKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: PreparedCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination,
    location: SourceLocation,
    presentedDependencies: PresentedDependencies? = nil
  ) {
    self.base = base
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.destination = destination
    self.location = location
    self.presentedDependencies = presentedDependencies
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    run(into: &state, action: action)
  }

  /// Runs the screen an action is for, or pushes or pops, then the base; ends the effects of the
  /// screens that are gone: the work of both forms of the reducer.
  @inlinable
  func run(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // NB: The screens this reducer last saw may differ from the ones it finds: a reducer after
    //     it may have popped some since. Their effects end once they are gone.
    let (mountedIDs, currentIDs) = withStack(in: state) { ($0.mountedIDs, $0.ids) }
    let idsBefore = mountedIDs == currentIDs ? currentIDs : mountedIDs.union(currentIDs)
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch toStackAction.extract(from: action) {
    case .element(let id, let destinationAction):
      if currentIDs.contains(id) {
        destinationEffects = reduceDestination(into: &state, id: id, action: destinationAction)
      } else {
        reportMissingElement(destinationAction)
      }
      baseEffects = base.reduce(into: &state, action: action)

    case .popFrom(let id):
      let canPop = currentIDs.contains(id)
      baseEffects = base.reduce(into: &state, action: action)
      if canPop {
        toStackState.modify(&state) { $0.pop(from: id) }
      } else {
        reportMissingPop(id, ids: withStack(in: state) { $0.ids })
      }

    case .push(let id, let element):
      if currentIDs.contains(id) {
        reportDuplicatePush(id, ids: currentIDs)
      } else {
        claim(id)
        toStackState.modify(&state) { $0.elements[id] = element }
      }
      baseEffects = base.reduce(into: &state, action: action)

    case .none:
      baseEffects = base.reduce(into: &state, action: action)
    }

    let idsAfter = withStack(in: state) { $0.ids }
    if mountedIDs != idsAfter {
      toStackState.modify(&state) { $0.mountedIDs = idsAfter }
    }
    guard idsBefore != idsAfter else { return destinationEffects.merge(with: baseEffects) }
    let toStackState = self.toStackState.keyPath
    let cancelEffects = idsBefore.subtracting(idsAfter).map {
      Effect<Base.Action>._cancelNavigation(id: NavigationID(toStackState, id: $0))
    }
    return .merge([destinationEffects, baseEffects] + cancelEffects)
  }

  /// What `body` reads of the stack in `state`, the stack copied out once.
  @inlinable
  func withStack<Result>(in state: Base.State, _ body: (StackState<Destination.State>) -> Result) -> Result {
    body(toStackState.get(state))
  }

  /// Prepares the base and the destination reducers, once.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let prepared = _StackReducer<_PreparedReducer<Base.State, Base.Action>, _PreparedReducer<Destination.State, Destination.Action>>(
      base: base._prepare(),
      toStackState: PreparedKeyPath(toStackState.keyPath),
      toStackAction: toStackAction,
      destination: PreparedChild(destination).reducer,
      location: location,
      presentedDependencies: PresentedDependencies()
    )
    return _PreparedReducer { prepared.run(into: &$0, action: $1) }
  }

  /// Runs the screen with `id` for one of its actions, with `dismiss` in its dependencies popping
  /// it; its effects are registered under its id.
  // NB: No effect from the screen is wrapped in nothing: its dismissal and navigation would start
  //     nothing.
  @inlinable
  func reduceDestination(
    into state: inout Base.State,
    id: StackElementID,
    action: Destination.Action
  ) -> Effect<Base.Action> {
    let effects = PresentedDependencies.run(keptIn: presentedDependencies) {
      toStackState.modify(&state) { destination.reduce(into: &$0[id: id]!, action: action) }
    }
    guard !effects.isNone else { return .none }
    let toStackAction = self.toStackAction.path
    return Effect(
      operation: .dismissal(
        effects.map { toStackAction.embed(.element(id: id, action: $0)) },
        action: toStackAction.embed(.popFrom(id: id))
      )
    )
    ._navigation(id: NavigationID(toStackState.keyPath, id: id))
  }
}
