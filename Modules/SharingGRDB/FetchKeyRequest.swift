import GRDB

/// A description of what to read from a database, for `@SharedReader(.fetch(…))`.
///
/// Conform a type to it and put the reading in ``fetch(_:)``; the value can be anything the
/// database can tell, several queries at once included:
///
/// ```swift
/// struct Roster: FetchKeyRequest {
///   struct Value {
///     var benched: Int
///     var starters: [Player]
///   }
///   func fetch(_ db: Database) throws -> Value {
///     try Value(
///       benched: Player.filter(Column("isBenched")).fetchCount(db),
///       starters: Player.filter(!Column("isBenched")).order(Column("name")).fetchAll(db)
///     )
///   }
/// }
///
/// @SharedReader(.fetch(Roster())) var roster = Roster.Value(benched: 0, starters: [])
/// ```
///
/// Equal requests (on the same database) share one reference, so a request's stored properties
/// (a search term, a limit) are its identity.
public protocol FetchKeyRequest<Value>: Hashable, Sendable {
  /// What the request reads.
  associatedtype Value

  /// Reads the value from `db`. Every table it reads is observed: a commit that changes one of
  /// them fetches it again.
  func fetch(_ db: Database) throws -> Value
}
