/// The work an action sent to a ``Store`` started: its effects, and the effects of every action
/// they sent, as one tree.
///
/// ```swift
/// let task = store.send(.startTimer)
/// task.cancel()   // cancels the timer and everything it led to
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// A task with no work: already finished.
  package static var finished: Self {
    Self(group: nil)
  }

  /// Cancels the whole tree of work.
  public func cancel() {
    group?.cancel()
  }

  /// Waits until the whole tree of work has finished. Cancelling the waiting task cancels the
  /// work.
  public func finish() async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.finish()
    } onCancel: {
      group.cancel()
    }
  }

  /// Whether the work was cancelled; `true` when the action started no asynchronous work,
  /// as in the Composable Architecture.
  public var isCancelled: Bool {
    group?.isCancelled ?? true
  }

  /// Whether the whole tree of work has finished (for test tools that wait with a timeout).
  public var _isFinished: Bool {
    group?.isFinished ?? true
  }

  /// Whether both are the same tree of work.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.group === rhs.group
  }

  /// Hashes the identity of the tree of work.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}
