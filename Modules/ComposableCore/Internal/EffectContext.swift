import ConcurrencyExtras

/// What the store knows while it starts an effect: where in the feature tree it came from,
/// which cancel ids its tasks answer to, and who waits on them.
struct EffectContext: Sendable {
  /// The child features the effect came from, outermost first.
  var path: [AnyHashableSendable] = []
  /// The cancel ids every task started here is registered under.
  var cancelIDs: [CancelID] = []
  /// The tree of work of the `send` that produced the effect; `nil` until a task is started.
  var group: EffectGroup?
  /// The tasks a `concatenate` waits on before starting its next effect.
  var collector: EffectGroup?
  /// Observers of task lifetimes (the test store's).
  var observers: [any _EffectObserver] = []
  /// Sends the action that dismisses the innermost presented child the effect came from,
  /// within the given tree of work; `nil` when the effect is not a presented child's.
  var dismiss: (@MainActor @Sendable (EffectGroup) -> Void)?
  /// The action sent to the store whose reduction returned the effect, for messages.
  var origin: UncheckedSendable<Any>?

  /// Registers a user's cancel id at the feature the effect came from and at every feature
  /// above it: a parent cancelling the id reaches its children's work, while a child's
  /// cancellation stays within the child (and its own children).
  func registering(_ id: AnyHashableSendable) -> Self {
    var context = self
    for depth in 0...path.count {
      context.cancelIDs.append(CancelID(id, path: Array(path.prefix(depth))))
    }
    return context
  }

  func navigating(to id: AnyHashableSendable) -> Self {
    var context = self
    context.path.append(id)
    context.cancelIDs.append(CancelID(navigation: context.path))
    return context
  }

  func observed(by observer: any _EffectObserver) -> Self {
    var context = self
    context.observers.append(observer)
    return context
  }
}
