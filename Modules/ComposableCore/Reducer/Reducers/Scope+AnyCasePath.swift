import CasePaths

// NB: The initializers TCA took case paths (`AnyCasePath`) in before case key paths, deprecated
//     there since 1.4 and here with its message. Each scopes as its case-key-path form does, on a
//     case key path made from the case path. Left out of the documentation: they share their
//     names with the current forms, which the documentation links to.

extension Scope {
  /// Scopes to a struct field of the parent's state, the child's actions named by a case path:
  /// the older form of ``init(state:action:child:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = caseKeyPath(toChildAction)
    self.child = child()
  }

  /// Scopes to an enum case of the parent's state, the case and the child's actions named by
  /// case paths. A child action that arrives while the state is in another case is reported as
  /// an issue and ignored.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(
      caseKeyPath(toChildState), fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.toChildAction = caseKeyPath(toChildAction)
    self.child = child()
  }
}
