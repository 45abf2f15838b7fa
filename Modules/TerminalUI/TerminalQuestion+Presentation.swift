import ComposableCore

extension TerminalQuestion {
  /// The question a presented alert asks, scoped as the feature's reducer presents it: the
  /// `@Presents` field's key path and the case key path of its `PresentationAction`. A button
  /// sends `.presented` of its action; an answer that picks no action dismisses the alert. The
  /// case key path is made only while an alert is presented (see
  /// ``TerminalScreen/stack(_:state:action:root:title:screen:)``).
  ///
  /// ```swift
  /// public func question(for state: Todos.State) -> TerminalQuestion<Todos.Action>? {
  ///   .alert(state, state: \.alert, action: \.alert)
  /// }
  /// ```
  public static func alert<State, AlertAction>(
    _ state: State,
    state toAlert: KeyPath<State, AlertState<AlertAction>?>,
    action toPresentationAction: @autoclosure () -> CaseKeyPath<Action, PresentationAction<AlertAction>>
  ) -> Self? {
    guard let alert = state[keyPath: toAlert] else { return nil }
    let embed = AnyCasePath(toPresentationAction()).embed
    return TerminalQuestion(alert: alert) { embed($0.map { .presented($0) } ?? .dismiss) }
  }

  /// The question a presented confirmation dialog asks, scoped as ``alert(_:state:action:)``
  /// scopes an alert.
  public static func confirmationDialog<State, DialogAction>(
    _ state: State,
    state toDialog: KeyPath<State, ConfirmationDialogState<DialogAction>?>,
    action toPresentationAction: @autoclosure () -> CaseKeyPath<Action, PresentationAction<DialogAction>>
  ) -> Self? {
    guard let dialog = state[keyPath: toDialog] else { return nil }
    let embed = AnyCasePath(toPresentationAction()).embed
    return TerminalQuestion(dialog: dialog) { embed($0.map { .presented($0) } ?? .dismiss) }
  }
}
