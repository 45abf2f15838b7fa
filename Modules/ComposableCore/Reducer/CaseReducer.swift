import CasePaths

/// A reducer made of the features in an enum's cases: what `@Reducer enum Destination { … }`
/// conforms to. Its ``body`` is static, so `ifLet` and `forEach` can run it from the state's
/// type alone.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  /// The enum of the cases' states.
  associatedtype State = State
  /// The enum of the cases' actions.
  associatedtype Action = Action
  /// The type of ``body``.
  associatedtype Body = Body
  /// The enum of the cases' stores, which `store.case` returns.
  associatedtype CaseScope: _CaseScopeProtocol

  /// Runs each case's reducer on its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The store of the case `store`'s state is in.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static ``body``.
  public var body: Body {
    Self.body
  }
}

/// The enum of stores a ``CaseReducer`` generates as its `CaseScope`.
public protocol _CaseScopeProtocol {}

/// The state enum of a ``CaseReducer``, which names its reducer: lets `ifLet(\.$destination,
/// action: \.destination)` find the reducer from the state alone.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Presents an enum reducer's features, running the reducer the state names:
  /// `.ifLet(\.$destination, action: \.destination)` for `@Reducer enum Destination`.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    self.ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs the screens of a stack whose elements are an enum reducer's features:
  /// `.forEach(\.path, action: \.path)` for `@Reducer enum Path`.
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    self.forEach(
      toStackState, action: toStackAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
