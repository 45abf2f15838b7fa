import GRDB

/// Reads the words of many todos at once into `todoWords` (see ``TodosSchema``'s find
/// migration): what the trigger does for one inserted todo, for every todo inserted while
/// indexing was deferred, in three statements rather than three per todo. A program inserting
/// many todos at once defers the indexing, then reads their words together:
///
/// ```swift
/// let last = try TodosWordIndex.deferIndexing(db)
/// // … insert many todos …
/// try TodosWordIndex.indexRows(after: last, db)
/// ```
///
/// or, as the app's import does, commits them first and reads their words later, a slice per
/// transaction, while the list is already in use:
///
/// ```swift
/// try TodosWordIndex.indexLater(after: last, db)
/// // … then, in transactions of their own, until it returns 0:
/// try TodosWordIndex.indexPending(limit: 2_000, db)
/// ```
public enum TodosWordIndex {
  /// Stops the trigger from reading each inserted todo's words, until
  /// ``indexRows(after:_:)`` or ``indexLater(after:_:)``; returns the largest rowid of `todos`
  /// now, to pass to either.
  public static func deferIndexing(_ db: Database) throws -> Int64? {
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "deferred" = 1"#).execute()
    return try lastRow(db)
  }

  /// Writes the words of the todos whose rowid is past `rowid` (every todo for `nil`), and
  /// lets the trigger read each inserted todo's words again.
  ///
  /// NB: a row inserted without a rowid takes one past the largest: the rows inserted since
  ///     ``deferIndexing(_:)`` are those past the rowid it returned. The statements are cached:
  ///     an undo runs them for a single todo.
  public static func indexRows(after rowid: Int64?, _ db: Database) throws {
    try index(after: rowid ?? Int64.min, through: Int64.max, db)
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "deferred" = 0"#).execute()
  }

  /// Lets the trigger read each inserted todo's words again, and leaves the words of the todos
  /// inserted since ``deferIndexing(_:)`` (those past `rowid`) to be read later, by
  /// ``indexPending(limit:_:)``: they are found once it has read them. Todos inserted, edited,
  /// moved or deleted meanwhile keep their words in step by the triggers as ever.
  public static func indexLater(after rowid: Int64?, _ db: Database) throws {
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "deferred" = 0"#).execute()
    guard let through = try lastRow(db) else { return }
    // NB: for a table that was empty, the rows before the first: a slice is a span of rowids.
    var after = try rowid ?? Int64.fetchOne(db.cachedStatement(sql: #"SELECT min("rowid") - 1 FROM "todos""#)) ?? through
    var last = through
    if let pending = try pendingRange(db) {
      after = min(after, pending.after)
      last = max(last, pending.through)
    }
    guard last > after else { return }
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "pendingAfter" = ?, "pendingThrough" = ?"#)
      .execute(arguments: [after, last])
  }

  /// Reads the words of the todos left by ``indexLater(after:_:)``, at most `limit` rowids of
  /// them, the first first; returns how many rowids are left after these (0 once every word is
  /// read). Each call's cost is its slice's: one transaction each keeps the writer's turns short.
  @discardableResult
  public static func indexPending(limit: Int64 = .max, _ db: Database) throws -> Int64 {
    guard let pending = try pendingRange(db) else { return 0 }
    let end = pending.after.addingReportingOverflow(max(1, limit))
    let through = end.overflow ? pending.through : min(end.partialValue, pending.through)
    try index(after: pending.after, through: through, db)
    if through >= pending.through {
      try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "pendingAfter" = NULL, "pendingThrough" = NULL"#).execute()
      return 0
    }
    try db.cachedStatement(sql: #"UPDATE "todoIndexing" SET "pendingAfter" = ?"#).execute(arguments: [through])
    return pending.through - through
  }

  /// Reads every word left to index in `database`, if any is: a find reads them first, so that
  /// it finds every todo. Costs a read when none is left; a write that fails leaves them to the
  /// indexer (``TodosWordIndexer``).
  static func indexEveryPending(in database: any DatabaseWriter) {
    guard (try? database.read(hasPending)) == true else { return }
    _ = try? database.write { db in try indexPending(db) }
  }

  /// Whether some todos' words are left to read (``indexLater(after:_:)``).
  public static func hasPending(_ db: Database) throws -> Bool {
    try pendingRange(db) != nil
  }

  /// The rowids left to index, past `after` and at most `through`; `nil` when none are.
  private static func pendingRange(_ db: Database) throws -> (after: Int64, through: Int64)? {
    let row = try Row.fetchOne(db.cachedStatement(sql: """
      SELECT "pendingAfter", "pendingThrough" FROM "todoIndexing" WHERE "pendingAfter" IS NOT NULL
      """))
    return row.map { ($0[0], $0[1]) }
  }

  /// The largest rowid of `todos`; `nil` when it is empty.
  private static func lastRow(_ db: Database) throws -> Int64? {
    try Int64.fetchOne(db.cachedStatement(sql: #"SELECT max("rowid") FROM "todos""#))
  }

  /// Writes the words of the todos whose rowid is past `after` and at most `through`: the
  /// tokenizer is given their descriptions, its words are read in term order, and it is emptied.
  ///
  /// NB: `INSERT OR IGNORE`: a todo edited since it was inserted has its words already, and a
  ///     word ignored is not counted twice (the counts' trigger is on insert).
  private static func index(after: Int64, through: Int64, _ db: Database) throws {
    try db.cachedStatement(sql: """
      INSERT INTO "todoTokenizer" ("rowid", "text")
      SELECT "rowid", "description" FROM "todos" WHERE "rowid" > ? AND "rowid" <= ?
      """).execute(arguments: [after, through])
    try db.cachedStatement(sql: """
      INSERT OR IGNORE INTO "todoWords" ("word", "todo", "isComplete", "position")
      SELECT "token"."term", "todo"."id", "todo"."isComplete", "todo"."position"
      FROM "todoTokens" AS "token" JOIN "todos" AS "todo" ON "todo"."rowid" = "token"."doc"
      """).execute()
    try db.cachedStatement(sql: #"INSERT INTO "todoTokenizer" ("todoTokenizer") VALUES ('delete-all')"#).execute()
  }
}
