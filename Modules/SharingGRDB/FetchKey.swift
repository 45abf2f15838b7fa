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

  /// Observes the request until the subscription is cancelled: after each commit through the
  /// database (fetched on its writer connection before the write returns, by a transaction
  /// observer), and after each commit another connection or process makes to its file.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    guard !readsBlankDatabase else { return SharedSubscription {} }
    let (request, scheduler) = (request, deliveringScheduler)
    let fetch: @Sendable (Database) -> Result<Value, any Error> = { db in Result { try Self.readUnchanged(request, db) } }
    // NB: after `load()` (`load(_:)`, `init(require:)`) the first value is the one just loaded.
    let skipsFirst: Bool
    if case .userInitiated = context { skipsFirst = true } else { skipsFirst = false }
    guard let writer = database as? any DatabaseWriter, !writer.configuration.readonly else {
      return subscribeReadOnly(fetch: fetch, skipsFirst: skipsFirst, subscriber: subscriber)
    }
    let observer = CommitObserver(fetch: fetch) { result in
      scheduler.schedule { subscriber.yield(with: result.map { $0 }) }
    }
    // NB: watched before the first fetch, so a commit made elsewhere in between is fetched again.
    let external = ExternalCommitWatcher.watch(database) {}
    // NB: added and first fetched in one access to the writer: no commit falls between the two.
    let first = writer.writeWithoutTransaction { db in
      db.add(transactionObserver: observer, extent: .observerLifetime)
      return fetch(db)
    }
    if case .success(let value) = first { observer.noteDelivered(value) }
    if !skipsFirst { subscriber.yield(with: first.map { $0 }) }
    return SharedSubscription {
      observer.cancel()
      external?.cancel()
    }
  }

  /// How many times a read on the writer is made again when another connection committed
  /// while it ran, before its last value is taken as it is.
  static var readAttempts: Int { 4 }

  /// Reads `request` on `db` from one state of the database. Within a transaction, it is read
  /// as it is. On the writer after a commit, outside any, each statement of a request of
  /// several would read the database as it is then, and another connection's commit between
  /// two of them would be seen by the later only (a list's header counting one row more than
  /// the rows under it): the request is read between two reads of `PRAGMA data_version`, which
  /// changes only when another connection commits, and again until they agree.
  ///
  /// NB: not in a read transaction of its own, as GRDB's observations read: made read-only
  ///     (`PRAGMA query_only`), it has SQLite expire every statement prepared on the writer,
  ///     prepared again after each commit; without it, its end is a commit GRDB tells every
  ///     observer of, inside the commit being told. Past ``readAttempts``, the last value is
  ///     taken: the version changed, so the watcher reads the request again anyway.
  private static func readUnchanged(_ request: some FetchKeyRequest<Value>, _ db: Database) throws -> Value {
    guard !db.isInsideTransaction else { return try request.fetch(db) }
    var before = try ExternalCommitWatcher.dataVersion(db)
    var value = try request.fetch(db)
    for _ in 1..<readAttempts {
      let after = try ExternalCommitWatcher.dataVersion(db)
      if after == before { break }
      before = after
      value = try request.fetch(db)
    }
    return value
  }

  /// A read-only database has no commits of its own to observe: the first value is read now, and
  /// again each time another connection commits.
  private func subscribeReadOnly(
    fetch: @escaping @Sendable (Database) -> Result<Value, any Error>,
    skipsFirst: Bool,
    subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let (database, scheduler) = (database, deliveringScheduler)
    let external = ExternalCommitWatcher.watch(database) {
      database.asyncRead { db in
        let result = db.flatMap(fetch)
        scheduler.schedule { subscriber.yield(with: result.map { $0 }) }
      }
    }
    if !skipsFirst {
      let first: Result<Value, any Error>
      do { first = try database.read(fetch) } catch { first = .failure(error) }
      subscriber.yield(with: first.map { $0 })
    }
    return SharedSubscription { external?.cancel() }
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
