import GRDB
import Persistence

extension SharedReaderKey {
  /// A key reading every row of a SQL query as records, starting from an empty array:
  ///
  /// ```swift
  /// @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY title")) var items: [Item]
  /// ```
  ///
  /// - Parameters:
  ///   - sql: The query.
  ///   - arguments: The values bound to its `?` and `:name` parameters.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  /// - Returns: A key for `@SharedReader`.
  public static func fetchAll<Record: FetchableRecord>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<[Record]>.Default {
    Self[.fetch(FetchAllRequest(sql: sql, arguments: arguments), database: database), default: []]
  }

  /// A key reading the first column of a SQL query's first row:
  ///
  /// ```swift
  /// @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items")) var count = 0
  /// ```
  ///
  /// When the query returns no row, the reference keeps its value and `loadError` is
  /// ``NotFound``. With an optional value, a row whose column is NULL reads as `nil`.
  ///
  /// - Parameters:
  ///   - sql: The query.
  ///   - arguments: The values bound to its `?` and `:name` parameters.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  /// - Returns: A key for `@SharedReader`.
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Value> {
    .fetch(FetchOneRequest(sql: sql, arguments: arguments), database: database)
  }

  /// ``fetchAll(sql:arguments:database:)``, delivering each value through `scheduler`.
  ///
  /// - Parameters:
  ///   - sql: The query.
  ///   - arguments: The values bound to its parameters.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  ///   - scheduler: Where values are delivered.
  /// - Returns: A key for `@SharedReader`.
  public static func fetchAll<Record: FetchableRecord>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil,
    scheduler: some ValueObservationScheduler & Hashable
  ) -> Self where Self == FetchKey<[Record]>.Default {
    Self[
      .fetch(FetchAllRequest(sql: sql, arguments: arguments), database: database, scheduler: scheduler),
      default: []
    ]
  }

  /// ``fetchOne(sql:arguments:database:)``, delivering each value through `scheduler`.
  ///
  /// - Parameters:
  ///   - sql: The query.
  ///   - arguments: The values bound to its parameters.
  ///   - database: The database to read; `nil` reads `@Dependency(\.defaultDatabase)`.
  ///   - scheduler: Where values are delivered.
  /// - Returns: A key for `@SharedReader`.
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil,
    scheduler: some ValueObservationScheduler & Hashable
  ) -> Self where Self == FetchKey<Value> {
    .fetch(FetchOneRequest(sql: sql, arguments: arguments), database: database, scheduler: scheduler)
  }
}
