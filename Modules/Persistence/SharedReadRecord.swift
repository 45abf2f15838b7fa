import Synchronization

/// An object that counts the changes it announces to observation: a shared value.
@usableFromInline
package protocol ChangeCounting: AnyObject, Sendable {
  /// How many changes it has announced so far.
  var changeCount: UInt { get }
}

/// The change-counting objects read while ``recording(_:)`` runs, each with the count it had
/// when it was read.
///
/// `withObservationTracking` installs its observers only once its `apply` closure returns: a
/// change made on another thread (a file watcher, an effect) between a read inside `apply` and
/// that moment reaches no observer. Run `withObservationTracking` inside ``recording(_:)``, then
/// ask ``hasChanged``: a change in that window is one the tracking missed.
@usableFromInline
package final class SharedReadRecord: @unchecked Sendable {
  // NB: appended to only by the task that runs `recording`, synchronously.
  private var reads: [(object: any ChangeCounting, count: UInt)] = []

  @TaskLocal private static var current: SharedReadRecord?
  /// How many recordings run anywhere in the process: while none does, a read skips the
  /// task-local lookup.
  @usableFromInline static let activeCount = Atomic<Int>(0)

  /// Runs `body`, recording every change-counting object read on this task meanwhile.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, SharedReadRecord) {
    let record = SharedReadRecord()
    activeCount.add(1, ordering: .relaxed)
    defer { activeCount.subtract(1, ordering: .relaxed) }
    let result = try $current.withValue(record, operation: body)
    return (result, record)
  }

  /// Records that `object` is about to be read. Call it before reading, so a change that lands
  /// after the count is taken is one ``hasChanged`` sees.
  @inlinable
  package static func noteRead(of object: some ChangeCounting) {
    guard activeCount.load(ordering: .relaxed) > 0 else { return }
    record(object)
  }

  @usableFromInline
  static func record(_ object: some ChangeCounting) {
    guard let current else { return }
    current.reads.append((object, object.changeCount))
  }

  /// Whether anything recorded has announced a change since it was read.
  package var hasChanged: Bool {
    reads.contains { $0.object.changeCount != $0.count }
  }
}
