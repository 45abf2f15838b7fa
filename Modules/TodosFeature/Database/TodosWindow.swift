import SharingGRDB

/// The part of the list a screen shows, read in one transaction with the counts: the page of
/// ``size`` rows, of those the filter shows, that holds an offset.
///
/// ```swift
/// @SharedReader(.fetch(TodosWindow(filter: .all, offset: 0, size: 20))) var window = TodosWindow.Value()
/// ```
///
/// Its cost is the page's, not the list's: the counts are one row, the rows one index range —
/// after a seek to the page through the list's blocks (``TodoBlocks``), a pass over their
/// counts and at most a block's todos, which is what showing todo 950,000 costs. Under a find
/// the rows are the matches', read from the word index in the order shown (see ``TodosFind``).
public struct TodosWindow: FetchKeyRequest {
  /// Which todos are shown.
  public var filter: Filter
  /// The offset, among those shown, of a todo on the page; past the end reads the last page.
  public var offset: Int
  /// The rows of a page: pages start at multiples of it.
  public var size: Int
  /// The words the todos shown hold; empty for every todo.
  public var find: TodosFind
  /// Whether to read every row shown (for `todos all`), not a page.
  public var isWhole: Bool

  /// The page of `size` rows that holds `offset`, or (`isWhole`) every todo `filter` shows,
  /// among those `find` matches.
  public init(filter: Filter, find: TodosFind = TodosFind(), offset: Int, size: Int, isWhole: Bool = false) {
    self.filter = filter
    self.find = find
    self.offset = offset
    self.size = max(1, size)
    self.isWhole = isWhole
  }

  /// The counts, and rows of the filtered list from ``start``.
  public struct Value: Equatable, Sendable {
    /// How many todos there are, and how many completed: shown or not.
    public var counts: TodoCounts
    /// How many todos the filter shows (that the find matches).
    public var shown: Int
    /// The offset, among those shown, of the first of ``rows``.
    public var start: Int
    /// Consecutive todos of those shown, in order.
    public var rows: [Todo.State]
    /// Whether there is a change to undo, and one to redo.
    public var history: TodosHistory.Availability

    /// Creates a window; by default, of an empty list.
    public init(
      counts: TodoCounts = TodoCounts(),
      shown: Int = 0,
      start: Int = 0,
      rows: [Todo.State] = [],
      history: TodosHistory.Availability = TodosHistory.Availability()
    ) {
      self.counts = counts
      self.shown = shown
      self.start = start
      self.rows = rows
      self.history = history
    }

    /// The todo at `offset` among those shown, when the window holds it.
    public func row(at offset: Int) -> Todo.State? {
      let index = offset - start
      return rows.indices.contains(index) ? rows[index] : nil
    }

    /// The offset among those shown of the todo with `id`, when the window holds it.
    public func offset(of id: Todo.State.ID) -> Int? {
      rows.firstIndex { $0.id == id }.map { start + $0 }
    }
  }

  /// Reads the counts, then the page holding the offset, clamped to the list as it is now.
  public func fetch(_ db: Database) throws -> Value {
    let (counts, history) = try Self.countsAndHistory(db)
    guard find.isEmpty else { return try fetchMatches(counts: counts, history: history, db) }
    let shown = counts.shown(by: filter)
    let start = isWhole ? 0 : Self.pageStart(of: offset, size: size, shown: shown)
    let limit = isWhole ? -1 : size
    // NB: Prepared once per connection and filter: the page is read after every change.
    let page = try db.cachedStatement(
      sql: """
        SELECT \(Todo.State.columns) FROM "todos" WHERE \(filter.sqlCondition) AND "position" >= ?
        ORDER BY "position" LIMIT ? OFFSET ?
        """
    )
    let (position, skip) = try TodoBlocks.seek(to: start, filter: filter, db)
    let rows = try Todo.State.fetchAll(page, arguments: [position, limit, skip])
    return Value(counts: counts, shown: shown, start: start, rows: rows, history: history)
  }

  /// The page of the todos the find matches, with their count.
  private func fetchMatches(counts: TodoCounts, history: TodosHistory.Availability, _ db: Database) throws -> Value {
    let matches = try TodosFind.Matches(find, filter: filter, db)
    let shown = try matches.count(db)
    let start = isWhole ? 0 : Self.pageStart(of: offset, size: size, shown: shown)
    let ids = try matches.ids(offset: start, limit: isWhole ? -1 : size, db)
    let statement = try Todo.State.byID(db)
    let rows = try ids.compactMap { id in try Todo.State.fetchOne(statement, arguments: [id]) }
    return Value(counts: counts, shown: shown, start: start, rows: rows, history: history)
  }

  /// The counts and whether there is a step to undo and one to redo, read by one statement
  /// prepared once per connection: four reads in one, made after every change, and on the writer
  /// (where each statement outside a transaction is a read transaction of its own) one read
  /// transaction rather than three.
  static func countsAndHistory(_ db: Database) throws -> (TodoCounts, TodosHistory.Availability) {
    let statement = try db.cachedStatement(
      sql: """
        SELECT (SELECT "total" FROM "todoCounts" WHERE "id" = 1),
          (SELECT "completed" FROM "todoCounts" WHERE "id" = 1),
          (SELECT max("step") FROM "todoHistory"),
          (SELECT min("step") FROM "todoHistory")
        """
    )
    let row = try Row.fetchOne(statement)
    return (
      TodoCounts(total: row?[0] ?? 0, completed: row?[1] ?? 0),
      TodosHistory.Availability(highestStep: row?[2], lowestStep: row?[3])
    )
  }

  /// The first offset of the page of `size` rows that holds `offset`; the last page's when
  /// `offset` is past the end.
  public static func pageStart(of offset: Int, size: Int, shown: Int) -> Int {
    guard shown > 0 else { return 0 }
    let size = max(1, size)
    return min(max(0, offset), shown - 1) / size * size
  }
}
