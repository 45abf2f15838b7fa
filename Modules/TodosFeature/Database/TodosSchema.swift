import GRDB

/// The todos database's schema, made and brought up to date by GRDB's `DatabaseMigrator`.
///
/// - `todos`: one row per todo. `position` orders the list (ascending is the order shown):
///   a `REAL`, so adding on top takes the smallest position less one and moving a todo takes the
///   midpoint of its new neighbours — one row written either way. Only when two neighbours'
///   positions have no number between them are the rows around them spread out (see ``TodosOrder``).
/// - `todoCounts`: one row, how many todos there are and how many are completed, kept by
///   triggers on `todos`, so the header's counts are read in O(1) whatever the list's length.
///
/// Indexes serve the order shown (`position`) and each filter in that order
/// (`isComplete, position`). Later migrations index the todos' words for find (``TodosFind``),
/// keep the history undo and redo read (``TodosHistory``) and count the list in blocks
/// (``TodoBlocks``), each by triggers.
public enum TodosSchema {
  /// The migrations, in order. A database that has applied one this list does not know was
  /// made by a newer app, and is refused (``TodosDatabaseError/newerSchema(path:)``).
  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create todos") { db in
      try db.execute(sql: """
        CREATE TABLE "todos" (
          "id" TEXT PRIMARY KEY NOT NULL,
          "description" TEXT NOT NULL,
          "isComplete" INTEGER NOT NULL DEFAULT 0 CHECK ("isComplete" IN (0, 1)),
          "notes" TEXT NOT NULL DEFAULT '',
          "position" REAL NOT NULL
        );
        CREATE INDEX "todos_by_position" ON "todos" ("position");
        CREATE INDEX "todos_by_completion" ON "todos" ("isComplete", "position");

        CREATE TABLE "todoCounts" (
          "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
          "total" INTEGER NOT NULL,
          "completed" INTEGER NOT NULL
        );
        INSERT INTO "todoCounts" ("id", "total", "completed") VALUES (1, 0, 0);

        CREATE TRIGGER "todos_counted_on_insert" AFTER INSERT ON "todos" BEGIN
          UPDATE "todoCounts" SET "total" = "total" + 1, "completed" = "completed" + NEW."isComplete";
        END;
        CREATE TRIGGER "todos_counted_on_delete" AFTER DELETE ON "todos" BEGIN
          UPDATE "todoCounts" SET "total" = "total" - 1, "completed" = "completed" - OLD."isComplete";
        END;
        CREATE TRIGGER "todos_counted_on_completion" AFTER UPDATE OF "isComplete" ON "todos"
        WHEN OLD."isComplete" <> NEW."isComplete" BEGIN
          UPDATE "todoCounts" SET "completed" = "completed" - OLD."isComplete" + NEW."isComplete";
        END;
        """)
    }
    registerFind(&migrator)
    registerHistory(&migrator)
    registerBlocks(&migrator)
    registerWordBlocks(&migrator)
    return migrator
  }
}
