import ConcurrencyExtras
import Locking

/// Work started with `withTaskCancellation(id:)` outside any store's effect, by id, so
/// `Task.cancel(id:)` outside a store reaches it.
final class TaskCancellationRegistry: Sendable {
  static let shared = TaskCancellationRegistry()

  private struct Entries {
    var lastID = 0
    var cancels: [AnyHashableSendable: [Int: @Sendable () -> Void]] = [:]
  }
  private let entries = Lock(Entries())

  /// Starts a task with `start` and registers it under `id` in one step, so a
  /// ``cancel(id:)`` from another thread, or from the task itself as it begins, finds it;
  /// with `cancellingInFlight`, the work already under `id` is cancelled. Returns the task
  /// and what to remove once it has ended.
  func start<T>(
    id: AnyHashableSendable,
    cancellingInFlight: Bool,
    _ start: () -> Task<T, any Error>
  ) -> (task: Task<T, any Error>, entry: Int) {
    let (started, inFlight) = entries.withLock {
      let inFlight = cancellingInFlight ? $0.cancels.removeValue(forKey: id) : nil
      let task = start()
      $0.lastID += 1
      $0.cancels[id, default: [:]][$0.lastID] = { task.cancel() }
      return ((task, $0.lastID), inFlight)
    }
    // NB: Outside the lock: a cancelled task's cancellation handlers run here, and may cancel
    //     by id themselves.
    for cancel in (inFlight ?? [:]).values { cancel() }
    return started
  }

  func remove(_ entry: Int, id: AnyHashableSendable) {
    entries.withLock {
      $0.cancels[id]?[entry] = nil
      if $0.cancels[id]?.isEmpty == true { $0.cancels[id] = nil }
    }
  }

  /// Cancels every piece of work registered under `id`.
  func cancel(id: AnyHashableSendable) {
    let cancels = entries.withLock { $0.cancels.removeValue(forKey: id) } ?? [:]
    for cancel in cancels.values { cancel() }
  }

  /// How many pieces of work are registered under `id`: for tests.
  func count(id: AnyHashableSendable) -> Int {
    entries.withLock { $0.cancels[id]?.count ?? 0 }
  }
}
