import GRDB

extension TodosSchema {
  /// The identifier of the migration that counts each word's todos in blocks.
  static let wordBlocksMigration = "Count each word's todos in blocks"

  /// The identifier of the migration that counts a word's todos into its blocks by updates
  /// alone: the triggers of ``wordBlocksMigration`` replaced, each word's first run made to
  /// start at minus infinity.
  static let wordBlocksByUpdateMigration = "Count each word's todos into its blocks by update"

  /// The migration that counts the todos holding each word in blocks for ``TodoWordBlocks``: the
  /// match at an offset of a find for one word, and the offset of a match, found without stepping
  /// through the matches above it, as ``registerBlocks(_:)`` does for the list.
  ///
  /// - `todoWordBlocks`: for each word, the todos holding it cut into consecutive runs by
  ///   position, one row a run: the `word`, `start` (the smallest position the run holds; a
  ///   word's first run starts at minus infinity), and how many of the todos holding the word it
  ///   holds, `total`, and of those how many are completed. A word held by no more todos than
  ///   ``TodoBlocks/counted`` has no rows: its matches are read from the top at less than a
  ///   block's cost. Once more todos hold it, they are its first block, and its rows are kept
  ///   until no todo holds it.
  ///
  /// Triggers on `todoWords` keep the counts at every word written, deleted, moved or completed,
  /// by one seek to the run and one update; triggers on `todoWordBlocks` keep the runs between
  /// ``TodoBlocks/smallest`` and ``TodoBlocks/largest`` todos, cutting and joining them as the
  /// list's blocks are, by the `word, isComplete, position` index; a run left empty is deleted,
  /// and when it was the first, the run after it starts at minus infinity in its place. So every
  /// write to `todos` that changes `todoWords` keeps them in step, an import's words read later
  /// among them; a word without blocks costs each write three seeks.
  ///
  /// ``wordBlocksByUpdateMigration`` gives a list counted by this migration's first triggers
  /// the triggers of today, which this migration now makes itself.
  static func registerWordBlocks(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration(wordBlocksMigration) { db in
      try db.execute(sql: """
        CREATE TABLE "todoWordBlocks" (
          "word" TEXT NOT NULL,
          "start" REAL NOT NULL,
          "total" INTEGER NOT NULL,
          "completed" INTEGER NOT NULL,
          PRIMARY KEY ("word", "start")
        ) WITHOUT ROWID;
        """)
      try WordBlocksSQL.createTriggers(db)
      try TodoWordBlocks.countAll(db)
    }
    migrator.registerMigration(wordBlocksByUpdateMigration) { db in
      guard try !db.triggerExists(WordBlocksSQL.firstBlockedBeforeInsert) else { return }
      // NB: `todoWordBlocks_emptied` deleted a word's emptied first run in the migration's
      //     first version; kept, it would delete the run that now takes that run's place.
      try db.execute(sql: """
        DROP TRIGGER IF EXISTS "todoWords_blocked_on_insert";
        DROP TRIGGER IF EXISTS "todoWords_blocked_on_move";
        DROP TRIGGER IF EXISTS "todoWords_blocked_on_delete";
        DROP TRIGGER IF EXISTS "todoWords_blocked_on_completion";
        DROP TRIGGER IF EXISTS "todoWordBlocks_cut";
        DROP TRIGGER IF EXISTS "todoWordBlocks_joined";
        DROP TRIGGER IF EXISTS "todoWordBlocks_emptied";
        UPDATE "todoWordBlocks" SET "start" = -9e999
        WHERE "start" > -9e999 AND ("word", "start") IN (SELECT "word", min("start") FROM "todoWordBlocks" GROUP BY "word");
        """)
      try WordBlocksSQL.createTriggers(db)
    }
  }
}

/// The triggers that keep `todoWordBlocks` (see ``TodosSchema/registerWordBlocks(_:)``).
///
/// NB: A word counted in blocks is counted into them by `UPDATE`s alone, its first run starting
///     at minus infinity so that every position has a run. An `INSERT … SELECT` that reads the
///     table it writes, as an upsert finding the run does, fills a temporary table each time it
///     runs: it cost each word written 6 µs, an import's million words of "todo" seconds.
private enum WordBlocksSQL {
  /// The name of the trigger that gives a word its first block.
  ///
  /// NB: Before the insert, counting the word's todos but the one inserted, which the trigger
  ///     after the insert counts into the block then made: SQLite runs every `BEFORE` trigger
  ///     of a row before its `AFTER` triggers, and those of one kind in no order it promises.
  ///     `NOT EXISTS`: a row that `INSERT OR IGNORE` will ignore fires `BEFORE` triggers too.
  static let firstBlockedBeforeInsert = "todoWords_first_blocked_before_insert"

  /// The start of the run of `word` that holds `position`.
  static func runOf(_ word: String, _ position: String) -> String {
    """
    (SELECT "start" FROM "todoWordBlocks" WHERE "word" = \(word) AND "start" <= \(position)
      ORDER BY "start" DESC LIMIT 1)
    """
  }

  /// The start of the run of `word` after the one starting at `start`; infinity for the last.
  static func runAfter(_ word: String, _ start: String) -> String {
    """
    coalesce((SELECT "b"."start" FROM "todoWordBlocks" AS "b" WHERE "b"."word" = \(word) AND "b"."start" > \(start)
      ORDER BY "b"."start" LIMIT 1), 9e999)
    """
  }

  /// `row`'s todo counted into, or out of (`sign` "-"), the run that holds its position.
  static func counted(_ row: String, _ sign: String = "+") -> String {
    """
    UPDATE "todoWordBlocks" SET "total" = "total" \(sign) 1, "completed" = "completed" \(sign) \(row)."isComplete"
    WHERE "word" = \(row)."word" AND "start" = \(runOf("\(row).\"word\"", "\(row).\"position\""));
    """
  }

  /// The todos holding `word` between two positions, both completions (`IN`), so that a run is
  /// counted by seeks alone.
  ///
  /// NB: Two ranges merged in order (`UNION ALL`) everywhere made every statement that writes
  ///     `todos`, into which SQLite compiles these triggers, a third longer to prepare.
  static func inRun(_ word: String, _ low: String, _ high: String) -> String {
    """
    SELECT "position", "isComplete" FROM "todoWords"
    WHERE "word" = \(word) AND "isComplete" IN (0, 1) AND "position" \(low) AND "position" < \(high)
    """
  }

  /// The same two ranges merged in order (`UNION ALL`): for a cut's middle todo, which sorting
  /// a block's todos at every cut made the import's words slower to read.
  static func inRunEach(_ word: String, _ low: String, _ high: String) -> String {
    """
    SELECT "position", "isComplete" FROM "todoWords"
    WHERE "word" = \(word) AND "isComplete" = 0 AND "position" \(low) AND "position" < \(high)
    UNION ALL
    SELECT "position", "isComplete" FROM "todoWords"
    WHERE "word" = \(word) AND "isComplete" = 1 AND "position" \(low) AND "position" < \(high)
    """
  }

  /// Whether `row`'s word is counted in blocks.
  static func isCounted(_ row: String) -> String {
    #"EXISTS (SELECT 1 FROM "todoWordBlocks" WHERE "word" = \#(row)."word")"#
  }

  /// Creates the triggers: on `todoWords`, a todo counted into or out of its run by one seek and
  /// one update; on `todoWordBlocks`, runs cut past ``TodoBlocks/largest`` and joined under
  /// ``TodoBlocks/smallest``.
  static func createTriggers(_ db: Database) throws {
    try db.execute(sql: """
      CREATE TRIGGER "todoWords_blocked_on_insert" AFTER INSERT ON "todoWords"
      WHEN \(isCounted("NEW")) BEGIN
        \(counted("NEW"))
      END;
      CREATE TRIGGER "\(firstBlockedBeforeInsert)" BEFORE INSERT ON "todoWords"
      WHEN NOT \(isCounted("NEW"))
        AND (SELECT sum("count") FROM "todoWordCounts" WHERE "word" = NEW."word") >= \(TodoBlocks.counted)
        AND NOT EXISTS (SELECT 1 FROM "todoWords" WHERE "todo" = NEW."todo" AND "word" = NEW."word") BEGIN
        INSERT INTO "todoWordBlocks" ("word", "start", "total", "completed")
        SELECT NEW."word", -9e999, count(*), coalesce(sum("isComplete"), 0) FROM (
          \(inRun(#"NEW."word""#, ">= -9e999", "9e999"))
        );
      END;
      CREATE TRIGGER "todoWords_blocked_on_delete" AFTER DELETE ON "todoWords"
      WHEN \(isCounted("OLD")) BEGIN
        \(counted("OLD", "-"))
      END;
      CREATE TRIGGER "todoWords_blocked_on_move" AFTER UPDATE OF "position", "isComplete" ON "todoWords"
      WHEN OLD."position" IS NOT NEW."position" AND \(isCounted("NEW")) BEGIN
        \(counted("OLD", "-"))
        \(counted("NEW"))
      END;
      CREATE TRIGGER "todoWords_blocked_on_completion" AFTER UPDATE OF "isComplete" ON "todoWords"
      WHEN OLD."position" IS NEW."position" AND OLD."isComplete" <> NEW."isComplete"
        AND \(isCounted("NEW")) BEGIN
        UPDATE "todoWordBlocks" SET "completed" = "completed" - OLD."isComplete" + NEW."isComplete"
        WHERE "word" = NEW."word" AND "start" = \(runOf(#"NEW."word""#, #"NEW."position""#));
      END;

      CREATE TRIGGER "todoWordBlocks_cut" AFTER UPDATE OF "total" ON "todoWordBlocks"
      WHEN NEW."total" > \(TodoBlocks.largest) BEGIN
        INSERT OR IGNORE INTO "todoWordBlocks" ("word", "start", "total", "completed")
        SELECT NEW."word", "position", 0, 0 FROM (
          \(inRunEach(#"NEW."word""#, #"> NEW."start""#, runAfter(#"NEW."word""#, #"NEW."start""#)))
          ORDER BY "position"
        ) LIMIT 1 OFFSET NEW."total" / 2;
        UPDATE "todoWordBlocks" SET ("total", "completed") = (
          SELECT count(*), coalesce(sum("isComplete"), 0) FROM (
            \(inRun(#""todoWordBlocks"."word""#, #">= "todoWordBlocks"."start""#,
              runAfter(#""todoWordBlocks"."word""#, #""todoWordBlocks"."start""#)))
          )
        )
        WHERE "word" = NEW."word" AND "start" IN (NEW."start", \(runAfter(#"NEW."word""#, #"NEW."start""#)));
      END;
      CREATE TRIGGER "todoWordBlocks_joined" AFTER UPDATE OF "total" ON "todoWordBlocks"
      WHEN (NEW."total" < \(TodoBlocks.smallest) AND NEW."start" > -9e999) OR NEW."total" = 0 BEGIN
        DELETE FROM "todoWordBlocks" WHERE "word" = NEW."word" AND "start" = NEW."start";
        UPDATE "todoWordBlocks" SET "total" = "total" + NEW."total", "completed" = "completed" + NEW."completed"
        WHERE NEW."start" > -9e999 AND "word" = NEW."word"
          AND "start" = \(runOf(#"NEW."word""#, #"NEW."start""#));
        UPDATE "todoWordBlocks" SET "start" = -9e999
        WHERE NEW."start" = -9e999 AND "word" = NEW."word"
          AND "start" = (SELECT min("start") FROM "todoWordBlocks" WHERE "word" = NEW."word");
      END;
      """)
  }
}
