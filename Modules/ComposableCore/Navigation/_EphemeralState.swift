@_spi(Reflection) import CasePaths
import NavigationState

/// State that dismisses itself once the user answers it: an alert or a confirmation dialog.
///
/// `ifLet` sets such state to `nil` after any of its buttons' actions, and needs no child
/// reducer for it: `.ifLet(\.$alert, action: \.alert)`.
public protocol _EphemeralState<Action> {
  /// The actions its buttons send.
  associatedtype Action
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}

extension _EphemeralState {
  /// The type of the actions its buttons send.
  static var answerType: Any.Type { Action.self }
}

/// The type of the actions that answer `state`, when it is ephemeral or an enum case (a
/// destination) that holds ephemeral state; `nil` for any other state.
private func answerType<State>(of state: State) -> Any.Type? {
  if let ephemeral = State.self as? any _EphemeralState.Type {
    return ephemeral.answerType
  }
  guard
    let metadata = EnumMetadata(State.self),
    let payload = metadata.associatedValueType(forTag: metadata.tag(of: state))
      as? any _EphemeralState.Type
  else { return nil }
  return payload.answerType
}

/// Whether `action` answers ephemeral `state` — one of its buttons' actions, or an enum case
/// (a destination's) holding one — so that presenting `state` ends with it. An action of
/// another case of the destination leaves the alert presented.
@usableFromInline
func isAnswer<State, Action>(_ action: Action, to state: State) -> Bool {
  guard let answerType = answerType(of: state) else { return false }
  if Action.self == answerType { return true }
  guard let metadata = EnumMetadata(Action.self) else { return false }
  return metadata.associatedValueType(forTag: metadata.tag(of: action)) == answerType
}

/// Whether presented state of type `State` may be answered by its own actions: it is an alert
/// or a dialog, or an enum (a destination) whose cases may hold one.
@usableFromInline
func mayBeEphemeral<State>(_: State.Type) -> Bool {
  State.self is any _EphemeralState.Type || EnumMetadata(State.self) != nil
}

extension Reducer {
  /// Presents state that has no reducer of its own — an alert, a confirmation dialog — and
  /// sets it to `nil` once one of its buttons is chosen: `.ifLet(\.$alert, action: \.alert)`.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    self.ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
