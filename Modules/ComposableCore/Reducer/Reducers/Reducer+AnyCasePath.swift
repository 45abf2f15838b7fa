import CasePaths
import IdentifiedCollections

// NB: The operators TCA took case paths (`AnyCasePath`) in before case key paths, deprecated there
//     since 1.4 and here with its messages. Each runs as its case-key-path form does, on a case
//     key path made from the case path. Left out of the documentation: they share their names
//     with the current forms, which the documentation links to.

extension Reducer {
  /// Runs an element reducer on the elements of an `IdentifiedArray`, for actions that carry an
  /// element's id and action in a tuple, named by a case path: the older form of
  /// ``forEach(_:action:element:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use a case key path to an 'IdentifiedAction', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @warn_unqualified_access
  public func forEach<
    ElementState,
    ElementAction,
    ID: Hashable & Sendable,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    let identified = AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { identifiedAction in
        switch identifiedAction {
        case .element(id: let id, action: let action):
          return toElementAction.embed((id, action))
        }
      },
      extract: { action in
        toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
      }
    )
    return self.forEach(
      toElementsState, action: caseKeyPath(identified), element: element,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs the screens of a navigation stack, with its actions named by a case path: the older
  /// form of ``forEach(_:action:destination:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func forEach<
    DestinationState,
    DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    self.forEach(
      toStackState, action: caseKeyPath(toStackAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a child reducer on one case of enum state, both named by case paths: the older form of
  /// ``ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    self.ifCaseLet(
      caseKeyPath(toCaseState), action: caseKeyPath(toCaseAction), then: `case`,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a child reducer on optional child state, its actions named by a case path: the older
  /// form of ``ifLet(_:action:then:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    self.ifLet(
      toWrappedState, action: caseKeyPath(toWrappedAction), then: wrapped,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Embeds an alert or a confirmation dialog held in optional state, its actions named by a
  /// case path: the older form of ``ifLet(_:action:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    self.ifLet(
      toWrappedState, action: caseKeyPath(toWrappedAction),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a presented child's reducer, its actions named by a case path: the older form of
  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)``.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<
    DestinationState,
    DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    self.ifLet(
      toPresentationState, action: caseKeyPath(toPresentationAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Embeds a presented alert or confirmation dialog, its actions named by a case path: the
  /// older form of `ifLet(_:action:)` over a ``PresentationState`` with no destination reducer.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    self.ifLet(
      toPresentationState, action: caseKeyPath(toPresentationAction),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
