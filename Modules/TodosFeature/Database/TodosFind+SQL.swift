import GRDB

extension TodosFind {
  /// The most words of a prefix read as one ordered range each (merged in the order shown);
  /// a prefix of more words is read as one range of `todoWords` and sorted.
  static let mergedWords = 16

  /// The todos a find matches under `filter`, in the order shown, as SQL over `todoWords`:
  /// the rarest term's todos, in order, kept when each other term starts one of their words.
  ///
  /// Its cost is the page's when the rarest term starts at most ``mergedWords`` words (each a
  /// range of the `word, isComplete, position` index, merged), plus a seek per other term per
  /// todo read; a prefix of more words costs its matches. The count is one row per word for a
  /// find of one word; otherwise it costs the rarest term's todos. A find of one term that
  /// starts one word reaches a match far down, and the offset of a match, through the word's
  /// blocks (``TodoWordBlocks``); any other steps through the matches above.
  struct Matches {
    /// `SELECT "todo", "position" …` in the order shown; nothing when a term starts no word.
    let sql: String?
    let arguments: StatementArguments
    /// The count, when the index's counts give it.
    let knownCount: Int?
    /// The one word every match holds and every todo holding it matches, when there is one: its
    /// matches are counted in blocks.
    let word: String?
    /// The filter the matches are under.
    let filter: Filter

    /// Plans the find under `filter`, reading the words each term starts.
    init(_ find: TodosFind, filter: Filter, _ db: Database) throws {
      var rarest: (term: String, words: [Row], count: Int)?
      for term in find.terms {
        let words = try Row.fetchAll(db, sql: """
          SELECT "word", "isComplete", "count" FROM "todoWordCounts"
          WHERE "word" >= ? AND "word" < ? AND \(filter.sqlCondition)
          """, arguments: [term, TodosFind.end(of: term)])
        let count = words.reduce(0) { $0 + ($1["count"] as Int) }
        if rarest == nil || count < rarest!.count { rarest = (term, words, count) }
      }
      self.filter = filter
      guard let rarest, rarest.count > 0 else {
        (sql, arguments, knownCount, word) = (nil, [], 0, nil)
        return
      }
      var arguments = StatementArguments()
      let driver: String
      let distinctWords = Set(rarest.words.map { $0["word"] as String })
      if distinctWords.count <= TodosFind.mergedWords {
        driver = rarest.words.map { word in
          arguments += [word["word"] as String, word["isComplete"] as Bool]
          return #"SELECT "todo", "position" FROM "todoWords" WHERE "word" = ? AND "isComplete" = ?"#
        }.joined(separator: " UNION ") + #" ORDER BY "position""#
      } else {
        arguments += [rarest.term, TodosFind.end(of: rarest.term)]
        driver = """
          SELECT DISTINCT "todo", "position" FROM "todoWords"
          WHERE "word" >= ? AND "word" < ? AND \(filter.sqlCondition) ORDER BY "position"
          """
      }
      let others = find.terms.filter { $0 != rarest.term }
      let conditions = others.map { term in
        arguments += [term, TodosFind.end(of: term)]
        return """
          EXISTS (SELECT 1 FROM "todoWords" AS "other" WHERE "other"."todo" = "match"."todo"
          AND "other"."word" >= ? AND "other"."word" < ?)
          """
      }
      self.sql = #"SELECT "match"."todo", "match"."position" FROM ("# + driver + #") AS "match" WHERE "#
        + (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "))
      self.arguments = arguments
      let isOneWord = others.isEmpty && distinctWords.count == 1
      self.knownCount = isOneWord ? rarest.count : nil
      self.word = isOneWord ? distinctWords.first : nil
    }

    /// How many todos match.
    func count(_ db: Database) throws -> Int {
      if let knownCount { return knownCount }
      guard let sql else { return 0 }
      return try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))", arguments: arguments) ?? 0
    }

    /// The ids of the matches from `offset`, `limit` of them (`-1` for every one), in order.
    func ids(offset: Int, limit: Int, _ db: Database) throws -> [String] {
      guard let sql else { return [] }
      if let word, offset >= TodoBlocks.nearTop {
        let (position, skip) = try TodoWordBlocks.seek(word, to: offset, filter: filter, db)
        let statement = try db.cachedStatement(sql: TodosFind.holding(filter) + " LIMIT ?3 OFFSET ?4")
        return try String.fetchAll(statement, arguments: [word, position, limit, skip])
      }
      return try String.fetchAll(db, sql: sql + " LIMIT ? OFFSET ?", arguments: arguments + [limit, offset])
    }

    /// The offset among the matches of the todo with `id`; `nil` when it does not match.
    func offset(of id: String, _ db: Database) throws -> Int? {
      guard let sql else { return nil }
      if let word {
        let statement = try db.cachedStatement(sql: """
          SELECT "position" FROM "todoWords" WHERE "todo" = ? AND "word" = ? AND \(filter.sqlCondition)
          """)
        guard let position = try Double.fetchOne(statement, arguments: [id, word]) else { return nil }
        return try TodoWordBlocks.offset(word, of: position, filter: filter, db)
      }
      guard let position = try Double.fetchOne(
        db, sql: #"SELECT "position" FROM (\#(sql)) WHERE "todo" = ?"#, arguments: arguments + [id]
      ) else { return nil }
      return try Int.fetchOne(
        db, sql: #"SELECT count(*) FROM (\#(sql)) WHERE "position" < ?"#, arguments: arguments + [position]
      )
    }
  }

  /// The todos holding one word (`?1`) that `filter` shows, from a position (`?2`) on, in the
  /// order shown: a range of the index for each completion shown, merged.
  private static func holding(_ filter: Filter) -> String {
    TodoWordBlocks.completions(filter).map { isComplete in
      """
      SELECT "todo", "position" FROM "todoWords"
      WHERE "word" = ?1 AND "isComplete" = \(isComplete ? 1 : 0) AND "position" >= ?2
      """
    }.joined(separator: " UNION ALL ") + #" ORDER BY "position""#
  }

  /// The first text past every word that starts with `term`: a prefix's range is
  /// `term ..< end(of: term)`.
  static func end(of term: String) -> String {
    term + "\u{10FFFF}"
  }
}
