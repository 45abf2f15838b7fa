import ComposableCore

extension AlertState where Action == Settings.Action.Alert {
  /// Asks before putting every setting back to its default: Reset, or Cancel (the default).
  public static var resetSettings: Self {
    AlertState {
      TextState("Reset every setting to its default?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }
}
