import CasePaths
import IssueReporting

extension Reducer {
  /// Runs a child reducer on optional child state while it is present, before this reducer.
  ///
  /// When the child state becomes `nil`, every effect the child started is cancelled. A child
  /// action that arrives while the state is `nil` is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.timer, action: \.timer) { Timer() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: .cached(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancelEffects: Effect<Parent.Action> =
      wasPresent && state[keyPath: toChildState] == nil
      ? ._cancelNavigation(id: NavigationID(toChildState))
      : .none
    return childEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      location.reportIssue(
        """
        An "ifLet" at "\(location)" received a child action when child state was "nil". …

          Action:
            \(String(describing: action))

        This can happen when a parent reducer set child state to "nil" before this reducer \
        ran, when an in-flight effect sent this action after the child state became "nil", or \
        when the action was sent to the store while child state was "nil".
        """
      )
      return .none
    }
    let toChildAction = self.toChildAction
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map { toChildAction.embed($0) }
      ._navigation(id: NavigationID(toChildState))
  }
}
