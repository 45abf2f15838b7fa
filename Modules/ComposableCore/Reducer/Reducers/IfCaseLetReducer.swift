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
      toChildState: PreparedCasePath(toCaseState),
      toChildAction: PreparedCasePath(toCaseAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` returns.
///
/// NB: Its prepared form is the same reducer over its parts prepared: `_prepare()` builds an
///     `_IfCaseLetReducer` of prepared reducers, so the operator's configuration has one home.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: PreparedCasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: PreparedCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// Reads the child's identity, with what its type allows worked out once.
  @usableFromInline let identity: PresentedIdentityReader<Child.State>

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: PreparedCasePath<Parent.State, Child.State>,
    toChildAction: PreparedCasePath<Parent.Action, Child.Action>,
    location: SourceLocation,
    identity: PresentedIdentityReader<Child.State> = PresentedIdentityReader()
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
    self.identity = identity
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the parent and the child, and the paths between them.
  @inlinable
  public func _prepare() -> _PreparedReducer<Parent.State, Parent.Action> {
    let prepared = _IfCaseLetReducer<_PreparedReducer<Parent.State, Parent.Action>, _PreparedReducer<Child.State, Child.Action>>(
      parent: parent._prepare(),
      child: PreparedChild(child).reducer,
      toChildState: toChildState,
      toChildAction: toChildAction,
      location: location,
      identity: identity
    )
    return _PreparedReducer { prepared.run(into: &$0, action: $1) }
  }

  /// Runs the child while the state is in its case, then the parent, and ends the child's
  /// effects when the state leaves the case: the work of the prepared reducer, which
  /// `_prepare()` builds over prepared parts.
  @inlinable
  func run(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let childIDBefore = childID(in: state)
    let parentEffects = parent.reduce(into: &state, action: action)
    // NB: The child's effects end when the state leaves the case, or when a child of another
    // identity (an `Identifiable` child with another `id`) takes its place.
    guard let childIDBefore, childIDBefore != childID(in: state) else {
      return childEffects.merge(with: parentEffects)
    }
    return childEffects.merge(with: parentEffects)
      .merge(with: ._cancelNavigation(id: childIDBefore))
  }

  /// The identity of the child in `state`: its case and its `id` when it is `Identifiable`;
  /// `nil` when the state is in another case.
  @inlinable
  func childID(in state: Parent.State) -> NavigationID? {
    toChildState.extract(from: state).map(childID(of:))
  }

  @inlinable
  func childID(of childState: Child.State) -> NavigationID {
    NavigationID(toChildState.keyPath, id: identity.identity(of: childState))
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      reportOtherCase(action: action, state: state)
      return .none
    }
    let childID = childID(of: childState)
    defer { state = toChildState.embed(childState) }
    let effects = child.reduce(into: &childState, action: childAction)
    guard !effects.isNone else { return .none }
    let toChildAction = self.toChildAction.path
    return effects
      .map { toChildAction.embed($0) }
      ._navigation(id: childID)
  }

  @usableFromInline
  func reportOtherCase(action: Parent.Action, state: Parent.State) {
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
  }
}
