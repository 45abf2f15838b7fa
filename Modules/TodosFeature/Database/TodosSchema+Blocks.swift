import GRDB

extension TodosSchema {
  /// The identifier of the migration that counts the list in blocks.
  static let blocksMigration = "Count the list in blocks"

  /// The migration that counts the list in blocks for ``TodoBlocks``: the todo at a position in
  /// the list shown, and the position of a todo, found without stepping through the todos
  /// above it.
  ///
  /// - `todoBlocks`: the list cut into consecutive runs of todos by position, one row a run:
  ///   `start`, the smallest position it holds (the first block's is minus infinity, so that
  ///   every position has a block), and how many todos it holds, `total`, and of those how many
  ///   are completed. A todo belongs to the block with the greatest `start` not above its
  ///   position.
  ///
  /// Triggers on `todos` keep the counts at every insert, deletion, move and completion, by one
  /// seek to the block; triggers on `todoBlocks` keep the blocks between
  /// ``TodoBlocks/smallest`` and ``TodoBlocks/largest`` todos: a block grown past the largest is
  /// cut at its middle todo, and one shrunk below the smallest is joined to the block before it
  /// — each counting the todos of one block or two again, so a block's upkeep costs a constant
  /// share of the writes that grew or shrank it. The first block is never joined to another.
  ///
  /// Every write to `todos`, the app's or another program's, keeps them in step; an import,
  /// which writes with the triggers off, counts its todos into blocks of their own
  /// (``TodoBlocks/Counting``), as this migration counts a list made before it.
  static func registerBlocks(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration(blocksMigration) { db in
      let blockOf: (String) -> String = { position in
        #"(SELECT "start" FROM "todoBlocks" WHERE "start" <= \#(position) ORDER BY "start" DESC LIMIT 1)"#
      }
      let blockAfter: (String) -> String = { start in
        #"(SELECT "b"."start" FROM "todoBlocks" AS "b" WHERE "b"."start" > \#(start) ORDER BY "b"."start" LIMIT 1)"#
      }
      try db.execute(sql: """
        CREATE TABLE "todoBlocks" (
          "start" REAL PRIMARY KEY NOT NULL,
          "total" INTEGER NOT NULL,
          "completed" INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO "todoBlocks" ("start", "total", "completed") VALUES (-9e999, 0, 0);

        CREATE TRIGGER "todos_blocked_on_insert" AFTER INSERT ON "todos" BEGIN
          UPDATE "todoBlocks" SET "total" = "total" + 1, "completed" = "completed" + NEW."isComplete"
          WHERE "start" = \(blockOf(#"NEW."position""#));
        END;
        CREATE TRIGGER "todos_blocked_on_delete" AFTER DELETE ON "todos" BEGIN
          UPDATE "todoBlocks" SET "total" = "total" - 1, "completed" = "completed" - OLD."isComplete"
          WHERE "start" = \(blockOf(#"OLD."position""#));
        END;
        CREATE TRIGGER "todos_blocked_on_move" AFTER UPDATE OF "position", "isComplete" ON "todos"
        WHEN OLD."position" IS NOT NEW."position" BEGIN
          UPDATE "todoBlocks" SET "total" = "total" - 1, "completed" = "completed" - OLD."isComplete"
          WHERE "start" = \(blockOf(#"OLD."position""#));
          UPDATE "todoBlocks" SET "total" = "total" + 1, "completed" = "completed" + NEW."isComplete"
          WHERE "start" = \(blockOf(#"NEW."position""#));
        END;
        CREATE TRIGGER "todos_blocked_on_completion" AFTER UPDATE OF "isComplete" ON "todos"
        WHEN OLD."position" IS NEW."position" AND OLD."isComplete" <> NEW."isComplete" BEGIN
          UPDATE "todoBlocks" SET "completed" = "completed" - OLD."isComplete" + NEW."isComplete"
          WHERE "start" = \(blockOf(#"NEW."position""#));
        END;

        CREATE TRIGGER "todoBlocks_cut" AFTER UPDATE OF "total" ON "todoBlocks"
        WHEN NEW."total" > \(TodoBlocks.largest) BEGIN
          INSERT OR IGNORE INTO "todoBlocks" ("start", "total", "completed")
          SELECT "position", 0, 0 FROM "todos"
          WHERE "position" > NEW."start" AND "position" < coalesce(\(blockAfter(#"NEW."start""#)), 9e999)
          ORDER BY "position" LIMIT 1 OFFSET NEW."total" / 2;
          UPDATE "todoBlocks" SET ("total", "completed") = (
            SELECT count(*), coalesce(sum("isComplete"), 0) FROM "todos"
            WHERE "position" >= "todoBlocks"."start"
              AND "position" < coalesce(\(blockAfter(#""todoBlocks"."start""#)), 9e999)
          )
          WHERE "start" IN (NEW."start", \(blockAfter(#"NEW."start""#)));
        END;
        CREATE TRIGGER "todoBlocks_joined" AFTER UPDATE OF "total" ON "todoBlocks"
        WHEN NEW."total" < \(TodoBlocks.smallest) AND NEW."start" > -9e999 BEGIN
          DELETE FROM "todoBlocks" WHERE "start" = NEW."start";
          UPDATE "todoBlocks" SET "total" = "total" + NEW."total", "completed" = "completed" + NEW."completed"
          WHERE "start" = \(blockOf(#"NEW."start""#));
        END;
        """)
      try TodoBlocks.countAll(db)
    }
  }
}
