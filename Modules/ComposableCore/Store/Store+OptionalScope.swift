extension Store {
  /// A store for optional child state, or `nil` while it is absent: a presented feature,
  /// `store.scope(\.destination?.edit, action: \.destination.edit)`. The store is cached while
  /// the child is present; once absent, it keeps the child's last state.
  ///
  /// Scoping a store that was itself scoped by closures is reported: its children cannot be
  /// cached, so a view observing the child would be given a new store at every read.
  ///
  /// - Parameters:
  ///   - state: A key path to the optional child state.
  ///   - toChildAction: A case key path to the child's actions.
  ///   - fileID: The source `#fileID` of the scope, for the issue it may report.
  ///   - filePath: The source `#filePath` of the scope.
  ///   - line: The source `#line` of the scope.
  ///   - column: The source `#column` of the scope.
  // NB: Inlinable, as `scope(state:action:)` is, for the child's send.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    if !canCacheChildren {
      reportUncachedScope(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return _scope(state, action: toChildAction, embeddingWith: Self._embeddingSend)
  }

  /// A store for optional child state, or `nil` while it is absent: the older spelling of
  /// ``scope(_:action:fileID:filePath:line:column:)->Store<ChildState,ChildAction>?``.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(state, action: toChildAction, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
