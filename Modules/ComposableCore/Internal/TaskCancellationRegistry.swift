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

  /// Registers `cancel` under `id`; returns what to remove once the work has ended.
  func insert(_ cancel: @escaping @Sendable () -> Void, id: AnyHashableSendable) -> Int {
    entries.withLock {
      $0.lastID += 1
      $0.cancels[id, default: [:]][$0.lastID] = cancel
      return $0.lastID
    }
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
