import Synchronization

/// A one-way switch that a task's cancellation handler flips and the engine thread reads.
final class CancellationFlag: Sendable {
  private let cancelled = Atomic(false)

  /// Whether ``cancel()`` has been called.
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Marks the request as cancelled; the engine notices on its next turn.
  func cancel() { cancelled.store(true, ordering: .releasing) }
}
