import GRDB

/// The list counted in blocks (`todoBlocks`, see ``TodosSchema/registerBlocks(_:)``): where the
/// todo at an offset among those shown lies, and the offset of a todo, found by adding up the
/// blocks' counts and stepping through one block, not through every todo above it.
///
/// SQLite steps through an index one entry at a time to skip rows (`OFFSET`) or count them, so
/// the todo at 950,000 cost 950,000 steps, at every command that named it and at every redraw of
/// a page that far down. Through the blocks it costs a pass over their counts (a thousand rows
/// at a million todos) and at most a block's todos.
enum TodoBlocks {
  /// A block grown past this many todos is cut in two.
  static let largest = 2048
  /// A block shrunk below this many todos is joined to the block before it.
  static let smallest = 128
  /// The todos in each block counted from the rows themselves (an import's, a list made before
  /// the blocks): half the largest, so that each can grow before it is cut.
  static let counted = largest / 2

  /// Offsets below this are reached from the top of the list, stepping through no more todos
  /// than one block may hold.
  static let nearTop = largest

  /// Where to start reading the todos `filter` shows to reach the one at `offset`: a position
  /// (the start of the block that holds it) and how many of the todos shown from there to skip.
  /// Past the end of the list, a position no todo reaches.
  ///
  /// NB: The blocks' counts are added up here, in order, until they pass the offset: SQLite's
  ///     running sum (`sum() OVER (ORDER BY "start")`) cost some 700 ns a block, five times
  ///     reading them.
  static func seek(to offset: Int, filter: Filter, _ db: Database) throws -> (position: Double, skip: Int) {
    guard offset >= nearTop else { return (-.infinity, offset) }
    let statement = try db.cachedStatement(sql: """
      SELECT "start", \(shown(filter)) FROM "todoBlocks" ORDER BY "start"
      """)
    let blocks = try Row.fetchCursor(statement)
    var before = 0
    while let block = try blocks.next() {
      let count: Int = block[1]
      if before + count > offset { return (block[0], offset - before) }
      before += count
    }
    return (.infinity, 0)
  }

  /// The offset among the todos `filter` shows of the one at `position`: the todos shown in
  /// the blocks before its block, and those in its block above it.
  static func offset(of position: Double, filter: Filter, _ db: Database) throws -> Int {
    let statement = try db.cachedStatement(sql: """
      SELECT (SELECT coalesce(sum(\(shown(filter))), 0) FROM "todoBlocks" WHERE "start" < "block"."start")
        + (SELECT count(*) FROM "todos"
           WHERE \(filter.sqlCondition) AND "position" >= "block"."start" AND "position" < ?1)
      FROM (SELECT "start" FROM "todoBlocks" WHERE "start" <= ?1 ORDER BY "start" DESC LIMIT 1) AS "block"
      """)
    return try Int.fetchOne(statement, arguments: [position]) ?? 0
  }

  /// Counts every todo into blocks of ``counted`` todos: for a list made before the blocks were.
  static func countAll(_ db: Database) throws {
    let rows = try Row.fetchCursor(db, sql: """
      SELECT "position", "isComplete" FROM "todos" ORDER BY "position"
      """)
    var counting = Counting()
    while let row = try rows.next() {
      counting.add(position: row[0], isComplete: row[1])
    }
    try counting.insert(db)
  }

  /// Todos written without the triggers that count them (an import's), counted into blocks of
  /// their own as they are written: in ascending positions, each above every position counted
  /// before, ``counted`` todos a block.
  struct Counting {
    /// The blocks counted so far, in ascending starts.
    private(set) var blocks: [(start: Double, total: Int, completed: Int)] = []
    private var last = -Double.infinity

    /// No todos counted yet.
    init() {}

    /// Counts a todo at `position`, at or above the last one counted.
    ///
    /// NB: A block starts only at a todo whose position is above the last one's: todos sharing
    ///     a position belong to one block.
    mutating func add(position: Double, isComplete: Bool) {
      if blocks.isEmpty || (blocks[blocks.count - 1].total >= counted && position > last) {
        blocks.append((position, 0, 0))
      }
      blocks[blocks.count - 1].total += 1
      if isComplete { blocks[blocks.count - 1].completed += 1 }
      last = position
    }

    /// Writes the blocks counted.
    func insert(_ db: Database) throws {
      let insert = try db.makeStatement(sql: """
        INSERT INTO "todoBlocks" ("start", "total", "completed") VALUES (?, ?, ?)
        """)
      for block in blocks {
        try insert.execute(arguments: [block.start, block.total, block.completed])
      }
    }
  }

  /// How many todos `filter` shows of a block's, in SQL.
  static func shown(_ filter: Filter) -> String {
    switch filter {
    case .all: #""total""#
    case .active: #"("total" - "completed")"#
    case .completed: #""completed""#
    }
  }
}
