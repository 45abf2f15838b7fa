import ConcurrencyExtras
import Dependencies
import GRDB
import Persistence

/// The key behind `.fetch`, `.fetchAll(sql:)` and `.fetchOne(sql:)`: a request read from a
/// database, read again whenever a commit changes what it read.
///
/// You rarely name it: the static functions on `SharedReaderKey` make it. A reference made from
/// it has its first value when it is created (read synchronously), keeps its last value and sets
/// `loadError` when a read fails, and reads again after every commit to a table the request read:
/// through this database at once, through another connection or process within a second.
public struct FetchKey<Value: Sendable>: SharedReaderKey {
  let database: any DatabaseReader
  let request: any FetchKeyRequest<Value>
  let scheduler: (any ValueObservationScheduler & Hashable)?
  #if DEBUG
    let isDefaultDatabase: Bool
  #endif

  /// The identity of a fetch key.
  public typealias ID = FetchKeyID

  /// The database, the request and the scheduler: keys equal in all three share one reference.
  public var id: ID {
    ID(database: database, request: request, scheduler: scheduler)
  }

  init(
    request: some FetchKeyRequest<Value>,
    database: (any DatabaseReader)?,
    scheduler: (any ValueObservationScheduler & Hashable)?
  ) {
    @Dependency(\.defaultDatabase) var defaultDatabase
    self.database = database ?? defaultDatabase
    self.request = request
    self.scheduler = scheduler
    #if DEBUG
      self.isDefaultDatabase = self.database.configuration.label == .defaultDatabaseLabel
    #endif
  }

  /// Reads the request when asked to (`load()`); a new reference gets its first value from
  /// ``subscribe(context:subscriber:)`` instead, so it is read once.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    guard case .userInitiated = context, !readsBlankDatabase else {
      continuation.resumeReturningInitialValue()
      return
    }
    let (request, scheduler) = (request, deliveringScheduler)
    database.asyncRead { db in
      let result = db.flatMap { db in Result { try request.fetch(db) } }
      scheduler.schedule { continuation.resume(with: result.map { $0 }) }
    }
  }

  /// Observes the request with GRDB's `ValueObservation`, and the database's file for commits
  /// made elsewhere, until the subscription is cancelled.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    guard !readsBlankDatabase else { return SharedSubscription {} }
    let (request, scheduler) = (request, deliveringScheduler)
    // NB: watched before the first fetch, so a commit made in between is fetched again.
    let external = ExternalCommitWatcher.watch(database) { [database] in
      database.asyncRead { db in
        let result = db.flatMap { db in Result { try request.fetch(db) } }
        scheduler.schedule { subscriber.yield(with: result.map { $0 }) }
      }
    }
    // NB: after `load()` (`load(_:)`, `init(require:)`) the first value is the one just loaded.
    let skipsFirst: LockIsolated<Bool>
    if case .userInitiated = context { skipsFirst = LockIsolated(true) } else { skipsFirst = LockIsolated(false) }
    let observation = ValueObservation.tracking { db in Result { try request.fetch(db) } }
    let cancellable = observation.start(
      in: database,
      scheduling: scheduler,
      onError: { subscriber.yield(throwing: $0) },
      onChange: { result in
        let skipped = skipsFirst.withValue { skips in
          defer { skips = false }
          return skips
        }
        guard !skipped else { return }
        subscriber.yield(with: result.map { $0 })
      }
    )
    return SharedSubscription {
      cancellable.cancel()
      external?.cancel()
    }
  }

  /// The scheduler given, or the one delivering values at once.
  private var deliveringScheduler: any ValueObservationScheduler {
    scheduler ?? ImmediateScheduler()
  }

  /// Whether the key reads the blank stand-in for an unset `defaultDatabase`: it then loads and
  /// observes nothing, the read having been reported already.
  private var readsBlankDatabase: Bool {
    #if DEBUG
      isDefaultDatabase
    #else
      false
    #endif
  }
}
