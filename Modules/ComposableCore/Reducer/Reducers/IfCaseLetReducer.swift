import CasePaths
import CustomDump
import IssueReporting

extension Reducer {
  /// Runs a child reducer on one case of enum state while the state is in that case, before
  /// this reducer.
  ///
  /// When the state leaves the case, every effect the child started is cancelled. A child
  /// action that arrives while the state is in another case is reported as an issue and
  /// ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: .cached(toCaseState),
      toChildAction: .cached(toCaseAction),
      childStateKeyPath: toCaseState,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let navigationID: NavigationID
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    childStateKeyPath: AnyKeyPath,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.navigationID = NavigationID(childStateKeyPath)
    self.location = location
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let childIDBefore = childID(in: state)
    let parentEffects = parent.reduce(into: &state, action: action)
    // NB: The child's effects end when the state leaves the case, or when a child of another
    // identity (an `Identifiable` child with another `id`) takes its place.
    let cancelEffects: Effect<Parent.Action> =
      if let childIDBefore, childIDBefore != childID(in: state) {
        ._cancelNavigation(id: childIDBefore)
      } else {
        .none
      }
    return childEffects.merge(with: parentEffects).merge(with: cancelEffects)
  }

  /// The identity of the child in `state`: its case and its `id` when it is `Identifiable`;
  /// `nil` when the state is in another case.
  func childID(in state: Parent.State) -> NavigationID? {
    toChildState.extract(from: state).map {
      NavigationID(navigationID.keyPath, id: PresentedIdentity($0))
    }
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      location.reportIssue(
        """
        An "ifCaseLet" at "\(location)" received a child action when child state was set to \
        a different case.

          Action:
        \(String(customDumping: action).indentedBy(4))
          State:
        \(String(customDumping: state).indentedBy(4))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "\(shortTypeName(Parent.State.self))" to a different case before this \
        reducer ran. This reducer must run before any other reducer sets child state to a \
        different case. This ensures that child reducers can handle their actions while their \
        state is still available.

        \(otherCaseAdvice)
        """
      )
      return .none
    }
    let childID = NavigationID(navigationID.keyPath, id: PresentedIdentity(childState))
    defer { state = toChildState.embed(childState) }
    let toChildAction = self.toChildAction
    return child.reduce(into: &childState, action: childAction)
      .map { toChildAction.embed($0) }
      ._navigation(id: childID)
  }
}
