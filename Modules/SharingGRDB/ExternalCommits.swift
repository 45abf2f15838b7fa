import GRDB
import Locking
import Persistence

/// The commits another process, or another connection on the same file, makes to a database,
/// as its keys see them: whoever needs to know what the keys are about to fetch again — a
/// recorder keeping a copy of the database as it now is — observes them here.
///
/// ```swift
/// let subscription = ExternalCommits.observe(database) { db in
///   recorder.record(try snapshot(of: db))
/// }
/// defer { subscription.cancel() }
/// ```
///
/// An observer is called on the database's writer connection, outside any transaction, once per
/// change of `PRAGMA data_version` seen, before the keys are told: what it reads is what they will
/// fetch. Only while at least one key of the database is subscribed is the file watched; an
/// in-memory database has no other connection, and no observer of it is ever called.
public enum ExternalCommits {
  private struct Registry {
    var observers: [ObjectIdentifier: [Int: @Sendable (Database) -> Void]] = [:]
    var nextToken = 0
  }

  private static let registry = Lock(Registry())

  /// Calls `observer` with the writer connection of `database` each time its keys see another
  /// connection's commit, until the subscription is cancelled.
  public static func observe(
    _ database: any DatabaseWriter,
    _ observer: @escaping @Sendable (Database) -> Void
  ) -> SharedSubscription {
    let id = ObjectIdentifier(database)
    let token = registry.withLock { registry in
      defer { registry.nextToken += 1 }
      registry.observers[id, default: [:]][registry.nextToken] = observer
      return registry.nextToken
    }
    return SharedSubscription {
      registry.withLock { registry in
        registry.observers[id]?[token] = nil
        if registry.observers[id]?.isEmpty == true { registry.observers[id] = nil }
      }
    }
  }

  /// Tells the observers of `database` that another connection committed: `db` is its writer.
  static func didSeeCommit(of database: any DatabaseWriter, _ db: Database) {
    let toCall = registry.withLock { $0.observers[ObjectIdentifier(database)].map { Array($0.values) } ?? [] }
    for observer in toCall { observer(db) }
  }
}
