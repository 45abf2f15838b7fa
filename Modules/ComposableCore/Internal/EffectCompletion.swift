import IssueReporting

/// Whether the task of an `Effect.run` has returned: its `send`, escaped into another task,
/// must not deliver actions after that.
@MainActor
final class EffectCompletion {
  var isCompleted = false

  /// Reports an action sent through the `send` of a completed effect, which is dropped.
  func reportSend(of action: Any, from origin: Any?) {
    reportIssue(
      """
      An action was sent from a completed effect.

        Action:
          \(debugCaseOutput(action))

        Effect returned from:
          \(origin.map { debugCaseOutput($0) } ?? "an unknown action")

      Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
      completed. This can happen if you escape the 'send' argument in an unstructured context.

      To fix this, make sure that your 'run' closure does not return until you're done calling \
      'send'.
      """
    )
  }
}
