import GRDB

/// Reads the words of many todos at once into `todoWords` (see ``TodosSchema``'s find
/// migration): what the trigger does for one inserted todo, for every todo inserted while
/// indexing was deferred, in three statements rather than three per todo. A program inserting
/// many todos at once (an import) defers the indexing as the app does:
///
/// ```swift
/// let last = try TodosWordIndex.deferIndexing(db)
/// // … insert many todos …
/// try TodosWordIndex.indexRows(after: last, db)
/// ```
public enum TodosWordIndex {
  /// Stops the trigger from reading each inserted todo's words, until
  /// ``indexRows(after:_:)``; returns the largest rowid of `todos` now, to pass to it.
  public static func deferIndexing(_ db: Database) throws -> Int64? {
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "deferred" = 1"#).execute()
    return try Int64.fetchOne(db.cachedStatement(sql: #"SELECT max("rowid") FROM "todos""#))
  }

  /// Writes the words of the todos whose rowid is past `rowid` (every todo for `nil`), and
  /// lets the trigger read each inserted todo's words again.
  ///
  /// NB: a row inserted without a rowid takes one past the largest: the rows inserted since
  ///     ``deferIndexing(_:)`` are those past the rowid it returned. The statements are cached:
  ///     an undo runs them for a single todo.
  public static func indexRows(after rowid: Int64?, _ db: Database) throws {
    try db.cachedStatement(sql: """
      INSERT INTO "todoTokenizer" ("rowid", "text") SELECT "rowid", "description" FROM "todos" WHERE "rowid" > ?
      """).execute(arguments: [rowid ?? Int64.min])
    try db.cachedStatement(sql: """
      INSERT OR IGNORE INTO "todoWords" ("word", "todo", "isComplete", "position")
      SELECT "token"."term", "todo"."id", "todo"."isComplete", "todo"."position"
      FROM "todoTokens" AS "token" JOIN "todos" AS "todo" ON "todo"."rowid" = "token"."doc"
      """).execute()
    try db.cachedStatement(sql: #"INSERT INTO "todoTokenizer" ("todoTokenizer") VALUES ('delete-all')"#).execute()
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "deferred" = 0"#).execute()
  }
}
