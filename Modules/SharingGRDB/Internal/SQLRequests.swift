import GRDB

/// The request behind `.fetchAll(sql:arguments:)`: every row, decoded as `Element`.
struct FetchAllRequest<Element: FetchableRecord>: FetchKeyRequest {
  let sql: String
  let arguments: StatementArguments

  func fetch(_ db: Database) throws -> [Element] {
    try Element.fetchAll(db, sql: sql, arguments: arguments)
  }
}

/// The request behind `.fetchOne(sql:arguments:)`: the first row's first column, or ``NotFound``
/// when there is no row.
struct FetchOneRequest<Value: DatabaseValueConvertible>: FetchKeyRequest {
  let sql: String
  let arguments: StatementArguments

  func fetch(_ db: Database) throws -> Value {
    // NB: an optional `Value` tells a row holding NULL (`.some(nil)`) from no row at all (`nil`).
    guard let value = try Value.fetchOne(db, sql: sql, arguments: arguments) else { throw NotFound() }
    return value
  }
}
