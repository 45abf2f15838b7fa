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

/// Whether `state` is ephemeral, or an enum case (a destination) that holds ephemeral state.
func isEphemeral<State>(_ state: State) -> Bool {
  if state is any _EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return false }
  return payload is any _EphemeralState
}
