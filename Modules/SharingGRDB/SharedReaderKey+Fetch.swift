import GRDB
import Persistence

extension SharedReaderKey {
  /// A key reading `request` from a database, and reading it again whenever a commit changes
  /// what it read.
  ///
  /// ```swift
  /// struct RecentItems: FetchKeyRequest {
  ///   func fetch(_ db: Database) throws -> [Item] {
  ///     try Item.order(Column("timestamp").desc).limit(10).fetchAll(db)
  ///   }
  /// }
  ///
  /// @SharedReader(.fetch(RecentItems())) var items
  /// ```
  ///
  /// For a plain query, ``fetchAll(sql:arguments:database:)`` and
  /// ``fetchOne(sql:arguments:database:)`` need no request type.
  ///
  /// - Parameters:
  ///   - request: What to read.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  /// - Returns: A key for `@SharedReader`.
  public static func fetch<Value>(
    _ request: some FetchKeyRequest<Value>,
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Value> {
    FetchKey(request: request, database: database, scheduler: nil)
  }

  /// A key reading a collection with `request`, starting from an empty one, so
  /// `@SharedReader(.fetch(Items())) var items` needs neither a type nor a default.
  ///
  /// - Parameters:
  ///   - request: What to read.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  /// - Returns: A key for `@SharedReader`.
  public static func fetch<Records: RangeReplaceableCollection>(
    _ request: some FetchKeyRequest<Records>,
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Records>.Default {
    Self[.fetch(request, database: database), default: Records()]
  }

  /// A key reading `request`, delivering each value through `scheduler` (e.g.
  /// `.async(onQueue: .main)`), as `fetch(_:database:)` reads it.
  ///
  /// - Parameters:
  ///   - request: What to read.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  ///   - scheduler: Where values are delivered. Without one, the first value is read before the
  ///     reference is handed out and later ones are delivered as soon as they are read.
  /// - Returns: A key for `@SharedReader`.
  public static func fetch<Value>(
    _ request: some FetchKeyRequest<Value>,
    database: (any DatabaseReader)? = nil,
    scheduler: some ValueObservationScheduler & Hashable
  ) -> Self where Self == FetchKey<Value> {
    FetchKey(request: request, database: database, scheduler: scheduler)
  }

  /// A key reading a collection with `request`, starting from an empty one and delivering each
  /// value through `scheduler`.
  ///
  /// - Parameters:
  ///   - request: What to read.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  ///   - scheduler: Where values are delivered.
  /// - Returns: A key for `@SharedReader`.
  public static func fetch<Records: RangeReplaceableCollection>(
    _ request: some FetchKeyRequest<Records>,
    database: (any DatabaseReader)? = nil,
    scheduler: some ValueObservationScheduler & Hashable
  ) -> Self where Self == FetchKey<Records>.Default {
    Self[.fetch(request, database: database, scheduler: scheduler), default: Records()]
  }
}
