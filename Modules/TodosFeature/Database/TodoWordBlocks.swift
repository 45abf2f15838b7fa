import GRDB

/// The todos holding each word counted in blocks (`todoWordBlocks`, see
/// ``TodosSchema/registerWordBlocks(_:)``): where the match at an offset of a find for one word
/// lies, and the offset of a match, found by adding up the word's blocks and stepping through
/// one of them, as ``TodoBlocks`` finds a todo of the list.
///
/// A find's matches are a range of the `word, isComplete, position` index, which SQLite steps
/// through one entry at a time to skip rows or count them: the match at 950,000 of a word every
/// todo holds cost 950,000 steps, at each command naming it and each redraw of its page. Through
/// the word's blocks it costs a pass over their counts and at most a block's matches.
enum TodoWordBlocks {
  /// The completions `filter` shows, each a range of the index to read, in order.
  static func completions(_ filter: Filter) -> [Bool] {
    switch filter {
    case .all: [false, true]
    case .active: [false]
    case .completed: [true]
    }
  }

  /// Where to start reading the todos holding `word` that `filter` shows to reach the one at
  /// `offset`: a position (the start of the block that holds it) and how many of them to skip
  /// from there. Past the end, a position no todo reaches; for a word without blocks (held by
  /// no more todos than half a block holds), the top of the list.
  static func seek(
    _ word: String, to offset: Int, filter: Filter, _ db: Database
  ) throws -> (position: Double, skip: Int) {
    guard offset >= TodoBlocks.nearTop else { return (-.infinity, offset) }
    let statement = try db.cachedStatement(sql: """
      SELECT "start", \(TodoBlocks.shown(filter)) FROM "todoWordBlocks" WHERE "word" = ? ORDER BY "start"
      """)
    let blocks = try Row.fetchCursor(statement, arguments: [word])
    var before = 0
    var isCounted = false
    while let block = try blocks.next() {
      isCounted = true
      let count: Int = block[1]
      if before + count > offset { return (block[0], offset - before) }
      before += count
    }
    return isCounted ? (.infinity, 0) : (-.infinity, offset)
  }

  /// The offset among the todos holding `word` that `filter` shows of the one at `position`:
  /// those in the word's blocks before its block, and those in its block above it.
  static func offset(_ word: String, of position: Double, filter: Filter, _ db: Database) throws -> Int {
    let above = completions(filter).map { isComplete in
      """
      (SELECT count(*) FROM "todoWords" WHERE "word" = ?2 AND "isComplete" = \(isComplete ? 1 : 0)
        AND "position" >= "block"."start" AND "position" < ?1)
      """
    }
    let statement = try db.cachedStatement(sql: """
      SELECT (SELECT coalesce(sum(\(TodoBlocks.shown(filter))), 0) FROM "todoWordBlocks"
          WHERE "word" = ?2 AND "start" < "block"."start")
        + \(above.joined(separator: " + "))
      FROM (SELECT coalesce((SELECT "start" FROM "todoWordBlocks" WHERE "word" = ?2 AND "start" <= ?1
        ORDER BY "start" DESC LIMIT 1), -9e999) AS "start") AS "block"
      """)
    return try Int.fetchOne(statement, arguments: [position, word]) ?? 0
  }

  /// Counts the todos holding each word held by more than ``TodoBlocks/counted`` todos into
  /// blocks, in position order, that many todos a block: for a list whose words were read
  /// before the blocks were.
  static func countAll(_ db: Database) throws {
    let words = try String.fetchAll(db, sql: """
      SELECT "word" FROM "todoWordCounts" GROUP BY "word" HAVING sum("count") > \(TodoBlocks.counted)
      """)
    let rows = try db.makeStatement(sql: """
      SELECT "position", "isComplete" FROM "todoWords" WHERE "word" = ?1 AND "isComplete" = 0
      UNION ALL
      SELECT "position", "isComplete" FROM "todoWords" WHERE "word" = ?1 AND "isComplete" = 1
      ORDER BY "position"
      """)
    let insert = try db.makeStatement(sql: """
      INSERT INTO "todoWordBlocks" ("word", "start", "total", "completed") VALUES (?, ?, ?, ?)
      """)
    for word in words {
      var counting = TodoBlocks.Counting()
      let cursor = try Row.fetchCursor(rows, arguments: [word])
      while let row = try cursor.next() {
        counting.add(position: row[0], isComplete: row[1])
      }
      // NB: A word's first run starts at minus infinity: every position of it has a run.
      for (index, block) in counting.blocks.enumerated() {
        let start = index == 0 ? -Double.infinity : block.start
        try insert.execute(arguments: [word, start, block.total, block.completed])
      }
    }
  }
}
