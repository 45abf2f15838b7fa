import GRDB

extension TodosSchema {
  /// The identifier of the migration that counts each word's todos in blocks.
  static let wordBlocksMigration = "Count each word's todos in blocks"

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
  /// by one seek to the run and one upsert; triggers on `todoWordBlocks` keep the runs between
  /// ``TodoBlocks/smallest`` and ``TodoBlocks/largest`` todos, cutting and joining them as the
  /// list's blocks are, by the `word, isComplete, position` index; a run left empty is deleted,
  /// the first one too. So every write to `todos` that changes `todoWords` keeps them in step,
  /// an import's words read later among them; a word without blocks costs each write two seeks.
  static func registerWordBlocks(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration(wordBlocksMigration) { db in
      let runOf: (String, String) -> String = { word, position in
        """
        coalesce((SELECT "start" FROM "todoWordBlocks" WHERE "word" = \(word) AND "start" <= \(position)
          ORDER BY "start" DESC LIMIT 1), -9e999)
        """
      }
      let runAfter: (String, String) -> String = { word, start in
        """
        coalesce((SELECT "b"."start" FROM "todoWordBlocks" AS "b" WHERE "b"."word" = \(word) AND "b"."start" > \(start)
          ORDER BY "b"."start" LIMIT 1), 9e999)
        """
      }
      let removed: (String) -> String = { row in
        """
        UPDATE "todoWordBlocks" SET "total" = "total" - 1, "completed" = "completed" - \(row)."isComplete"
        WHERE "word" = \(row)."word" AND "start" = \(runOf("\(row).\"word\"", "\(row).\"position\""));
        """
      }
      // NB: Both completions, a range of the index each (`IN`), so that a run is counted by seeks
      //     alone. Two ranges merged in order (`UNION ALL`) everywhere made every statement that
      //     writes `todos`, into which SQLite compiles these triggers, a third longer to prepare.
      let inRun: (String, String, String) -> String = { word, low, high in
        """
        SELECT "position", "isComplete" FROM "todoWords"
        WHERE "word" = \(word) AND "isComplete" IN (0, 1) AND "position" \(low) AND "position" < \(high)
        """
      }
      // NB: The same two ranges merged in order (`UNION ALL`): for a cut's middle todo, which
      //     sorting a block's todos at every cut made the import's words slower to read, and for
      //     the count each word written may take, where an `IN` list cost its set-up every time.
      let inRunEach: (String, String, String) -> String = { word, low, high in
        """
        SELECT "position", "isComplete" FROM "todoWords"
        WHERE "word" = \(word) AND "isComplete" = 0 AND "position" \(low) AND "position" < \(high)
        UNION ALL
        SELECT "position", "isComplete" FROM "todoWords"
        WHERE "word" = \(word) AND "isComplete" = 1 AND "position" \(low) AND "position" < \(high)
        """
      }
      let isCounted: (String) -> String = { row in
        #"EXISTS (SELECT 1 FROM "todoWordBlocks" WHERE "word" = \#(row)."word")"#
      }
      // NB: One statement: a word counted in blocks has the block that holds the todo count it;
      //     a word that comes to be held by more todos than ``TodoBlocks/counted`` gets its
      //     first block, counting them all, in one pass over ranges left empty for a word
      //     counted already. (A statement for each case cost its set-up at every word written,
      //     and every statement that writes `todos` compiles these triggers into itself.)
      let added: (String) -> String = { row in
        """
        INSERT INTO "todoWordBlocks" ("word", "start", "total", "completed")
        SELECT \(row)."word", \(runOf("\(row).\"word\"", "\(row).\"position\"")),
          CASE WHEN \(isCounted(row)) THEN 1 ELSE "all"."total" END,
          CASE WHEN \(isCounted(row)) THEN \(row)."isComplete" ELSE "all"."completed" END
        FROM (
          SELECT count(*) AS "total", coalesce(sum("isComplete"), 0) AS "completed" FROM (
            \(inRunEach("\(row).\"word\"", ">= CASE WHEN \(isCounted(row)) THEN 9e999 ELSE -9e999 END", "9e999"))
          )
        ) AS "all"
        WHERE true
        ON CONFLICT DO UPDATE SET "total" = "total" + 1, "completed" = "completed" + excluded."completed";
        """
      }
      // NB: A word held by few todos has no blocks: its matches are fewer than half a block's.
      let isToBeCounted: (String) -> String = { row in
        """
        \(isCounted(row))
          OR (SELECT sum("count") FROM "todoWordCounts" WHERE "word" = \(row)."word") > \(TodoBlocks.counted)
        """
      }
      try db.execute(sql: """
        CREATE TABLE "todoWordBlocks" (
          "word" TEXT NOT NULL,
          "start" REAL NOT NULL,
          "total" INTEGER NOT NULL,
          "completed" INTEGER NOT NULL,
          PRIMARY KEY ("word", "start")
        ) WITHOUT ROWID;

        CREATE TRIGGER "todoWords_blocked_on_insert" AFTER INSERT ON "todoWords"
        WHEN \(isToBeCounted("NEW")) BEGIN
          \(added("NEW"))
        END;
        CREATE TRIGGER "todoWords_blocked_on_delete" AFTER DELETE ON "todoWords"
        WHEN \(isCounted("OLD")) BEGIN
          \(removed("OLD"))
        END;
        CREATE TRIGGER "todoWords_blocked_on_move" AFTER UPDATE OF "position", "isComplete" ON "todoWords"
        WHEN OLD."position" IS NOT NEW."position" AND \(isCounted("NEW")) BEGIN
          \(removed("OLD"))
          \(added("NEW"))
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
          INSERT INTO "todoWordBlocks" ("word", "start", "total", "completed")
          SELECT NEW."word", \(runOf(#"NEW."word""#, #"NEW."start""#)), NEW."total", NEW."completed"
          WHERE NEW."total" > 0
          ON CONFLICT DO UPDATE SET "total" = "total" + excluded."total", "completed" = "completed" + excluded."completed";
        END;
        """)
      try TodoWordBlocks.countAll(db)
    }
  }
}
