import GRDB
import Locking

/// Fetches one key's request again after each commit that changed the database, on the writer
/// connection, before the write that committed returns: a reducer that writes reads the new
/// value on its next line, and a screen drawn after it shows it.
///
/// GRDB's `ValueObservation` hands each fresh value to a queue of its own, so a value arrives
/// some time after the write; this observer delivers it in `databaseDidCommit(_:)`, as GRDB's
/// `DatabaseRegionObservation` calls its closure. A commit another connection made reaches it
/// through ``ExternalCommitWatcher``, which tells the writer connection of it
/// (`Database.notifyChanges(in:)`).
///
/// NB: SQLite does not say which tables a request reads without GRDB's internal region
///     tracking, so every commit that changed anything fetches again; a value equal to the last
///     one delivered (when it is `Equatable`) is not delivered again.
final class CommitObserver<Value: Sendable>: TransactionObserver, Sendable {
  private let fetch: @Sendable (Database) -> Result<Value, any Error>
  private let deliver: @Sendable (Result<Value, any Error>) -> Void
  private let state = Lock(State())

  private struct State {
    var isModified = false
    var isCancelled = false
    var last: Value?
  }

  init(
    fetch: @escaping @Sendable (Database) -> Result<Value, any Error>,
    deliver: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) {
    self.fetch = fetch
    self.deliver = deliver
  }

  /// Notes `value` as delivered: the first one, fetched when the observer was added.
  func noteDelivered(_ value: Value) {
    state.withLock { $0.last = value }
  }

  /// Stops delivering. The writer holds the observer weakly (`.observerLifetime`): it is removed
  /// once the subscription lets go of it.
  func cancel() {
    state.withLock { $0.isCancelled = true }
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { !isCancelled }

  func databaseDidChange(with event: DatabaseEvent) {
    state.withLock { $0.isModified = true }
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  func databaseDidChange() {
    state.withLock { $0.isModified = true }
    stopObservingDatabaseChangesUntilNextTransaction()
  }

  func databaseDidCommit(_ db: Database) {
    let isDue = state.withLock { state in
      defer { state.isModified = false }
      return state.isModified && !state.isCancelled
    }
    guard isDue else { return }
    let result = fetch(db)
    if case .success(let value) = result {
      let isRepeated = state.withLock { state in
        defer { state.last = value }
        return state.last.map { Self.areEqual($0, value) } ?? false
      }
      if isRepeated { return }
    }
    deliver(result)
  }

  func databaseDidRollback(_ db: Database) {
    state.withLock { $0.isModified = false }
  }

  /// Whether two values are equal, when their type is `Equatable`.
  private static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
