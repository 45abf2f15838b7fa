import Locking

/// The running tasks of one tree of work: everything a `send` started, directly or through
/// the actions its effects sent. Finished tasks leave the group, so a long-lived tree does
/// not grow.
@usableFromInline
final class EffectGroup: Sendable {
  private struct Tasks {
    var running: [Int: Task<Void, Never>] = [:]
    var isCancelled = false
  }

  private let tasks = Lock(Tasks())

  var isCancelled: Bool {
    tasks.withLock { $0.isCancelled }
  }

  var isFinished: Bool {
    tasks.withLock { $0.running.isEmpty }
  }

  func add(_ task: Task<Void, Never>, id: Int) {
    let isCancelled = tasks.withLock {
      $0.running[id] = task
      return $0.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  func remove(id: Int) {
    _ = tasks.withLock { $0.running.removeValue(forKey: id) }
  }

  /// Cancels every task in the group, and every task added later.
  func cancel() {
    let running = tasks.withLock {
      $0.isCancelled = true
      return $0.running
    }
    for task in running.values { task.cancel() }
  }

  /// Returns when every task in the group has finished, including tasks added meanwhile.
  func finish() async {
    while let task = tasks.withLock({ $0.running.first?.value }) {
      await task.value
    }
  }
}
