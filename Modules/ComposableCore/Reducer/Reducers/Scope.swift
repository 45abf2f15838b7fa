import CasePaths
import IssueReporting

/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry a
/// child action.
///
/// The part of state is a struct field (a key path) or an enum case (a case key path):
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   Scope(state: \.destination.settings, action: \.settings) { Settings() }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(CaseKeyPath<ParentState, Child.State>, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: CaseKeyPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes to a struct field of the parent's state.
  ///
  /// NB: Disfavored, so that on an enum state `\.name` is the case, not the writable member
  ///     case paths declare with an unavailable getter: outside a builder (a test store's
  ///     closure) the type checker otherwise takes the member and fails on its getter.
  @_disfavoredOverload
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Scopes to a struct field of the parent's state: `Scope(\.counter, action: \.counter)`, the
  /// spelling of ``init(state:action:child:)`` without its first label.
  @_disfavoredOverload
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// Scopes to an enum case of the parent's state: `Scope(\.loggedIn, action: \.loggedIn)`, the
  /// spelling of ``init(state:action:child:fileID:filePath:line:column:)`` without its first
  /// label.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      state: toChildState, action: toChildAction, child: child,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Scopes to an enum case of the parent's state. A child action that arrives while the state
  /// is in another case is reported as an issue and ignored.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.toChildState = .casePath(
      toChildState, fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the child, and the paths to it.
  @inlinable
  public func _prepare() -> _PreparedReducer<ParentState, ParentAction> {
    let child = PreparedChild(self.child)
    let toChildAction = PreparedCasePath(self.toChildAction)
    let embed = toChildAction.path
    switch toChildState {
    case .keyPath(let keyPath):
      let toChildState = PreparedKeyPath(keyPath)
      return _PreparedReducer { state, action in
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        let effects = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
        return effects.isNone ? .none : effects.map { embed.embed($0) }
      }

    case .casePath(let casePath, let fileID, let filePath, let line, let column):
      let toChildState = PreparedCasePath(casePath)
      let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      return _PreparedReducer { state, action in
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        guard var childState = toChildState.extract(from: state) else {
          reportScopeInOtherCase(action: action, state: state, at: location)
          return .none
        }
        defer { state = toChildState.embed(childState) }
        let effects = child.reduce(into: &childState, action: childAction)
        return effects.isNone ? .none : effects.map { embed.embed($0) }
      }
    }
  }
}

/// Reports a child action that reached a ``Scope`` while the parent's state was in another case.
@usableFromInline
func reportScopeInOtherCase<ParentState, ParentAction>(
  action: ParentAction,
  state: ParentState,
  at location: SourceLocation
) {
  reportIssue(
    """
    A "Scope" at "\(location.fileID):\(location.line)" received a child action when child state \
    was set to a different case.

      Action:
        \(debugCaseOutput(action))
      State:
        \(debugCaseOutput(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(shortTypeName(ParentState.self))" to a different case before the \
    scoped reducer ran. Child reducers must run before any parent reducer sets child state to a \
    different case. This ensures that child reducers can handle their actions while their state \
    is still available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the \
    parent reducer that change its state to ensure the child reducer runs first.

    \(otherCaseAdvice)
    """,
    fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
  )
}
