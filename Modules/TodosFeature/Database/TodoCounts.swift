import GRDB

/// How many todos there are and how many are completed: the one row of `todoCounts`, kept by
/// triggers, so reading it costs the same at a million todos as at none.
public struct TodoCounts: Equatable, Sendable {
  /// Every todo.
  public var total: Int
  /// The completed todos.
  public var completed: Int

  /// Creates counts.
  public init(total: Int = 0, completed: Int = 0) {
    self.total = total
    self.completed = completed
  }

  /// The todos not completed.
  public var active: Int { total - completed }

  /// How many todos `filter` shows.
  public func shown(by filter: Filter) -> Int {
    switch filter {
    case .all: total
    case .active: active
    case .completed: completed
    }
  }

  /// Reads the counts: one row, whatever the list's length, through a statement prepared once per
  /// connection (every command that changes the list reads them).
  public static func fetch(_ db: Database) throws -> Self {
    let row = try Row.fetchOne(db.cachedStatement(sql: #"SELECT "total", "completed" FROM "todoCounts" WHERE "id" = 1"#))
    return Self(total: row?["total"] ?? 0, completed: row?["completed"] ?? 0)
  }
}
