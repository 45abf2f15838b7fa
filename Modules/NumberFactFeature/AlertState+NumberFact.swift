import ComposableCore

extension AlertState where Action == NumberFact.Action.Alert {
  /// Offers to ask again after a failed request: Retry, or Cancel (the default). The message is
  /// why the request failed.
  public static func factFailed(_ message: String) -> Self {
    AlertState {
      TextState("Try again?")
    } actions: {
      ButtonState(action: .retryButtonTapped) { TextState("Retry") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState(message)
    }
  }
}
