import GRDB

extension TodosSchema {
  /// The migration that keeps the list's history for ``TodosHistory``: undo and redo.
  ///
  /// - `todoHistory`: for each step, each todo it touched as it was before: its columns, or
  ///   `existed` 0 for a todo the step inserted. A step's first write to a todo is the one kept.
  ///   Steps to undo are numbered up from 1 in the order made, steps to redo down from -1: the
  ///   last of each kind, the next to undo or redo, is the table's largest or smallest `step`,
  ///   one seek at either end of its key. A step is its rows: one that touched nothing is none.
  /// - `todoRecording`: one row, the step being written, `NULL` between changes. The triggers
  ///   on `todos` write `todoHistory` only while it is set, which the app does inside the
  ///   transaction of each change: a change and its history commit together, or neither does,
  ///   and a program writing the database itself leaves no step.
  static func registerHistory(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("Keep history for undo") { db in
      try db.execute(sql: """
        CREATE TABLE "todoHistory" (
          "step" INTEGER NOT NULL,
          "todo" TEXT NOT NULL,
          "existed" INTEGER NOT NULL,
          "description" TEXT,
          "isComplete" INTEGER,
          "notes" TEXT,
          "position" REAL,
          PRIMARY KEY ("step", "todo")
        ) WITHOUT ROWID;

        CREATE TABLE "todoRecording" (
          "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
          "step" INTEGER
        );
        INSERT INTO "todoRecording" ("id", "step") VALUES (1, NULL);

        CREATE TRIGGER "todos_recorded_on_insert" AFTER INSERT ON "todos"
        WHEN (SELECT "step" FROM "todoRecording") IS NOT NULL BEGIN
          INSERT OR IGNORE INTO "todoHistory" ("step", "todo", "existed")
          VALUES ((SELECT "step" FROM "todoRecording"), NEW."id", 0);
        END;
        CREATE TRIGGER "todos_recorded_on_update" AFTER UPDATE ON "todos"
        WHEN (SELECT "step" FROM "todoRecording") IS NOT NULL BEGIN
          INSERT OR IGNORE INTO "todoHistory" ("step", "todo", "existed", "description", "isComplete", "notes", "position")
          VALUES ((SELECT "step" FROM "todoRecording"), OLD."id", 1, OLD."description", OLD."isComplete", OLD."notes", OLD."position");
        END;
        CREATE TRIGGER "todos_recorded_on_delete" AFTER DELETE ON "todos"
        WHEN (SELECT "step" FROM "todoRecording") IS NOT NULL BEGIN
          INSERT OR IGNORE INTO "todoHistory" ("step", "todo", "existed", "description", "isComplete", "notes", "position")
          VALUES ((SELECT "step" FROM "todoRecording"), OLD."id", 1, OLD."description", OLD."isComplete", OLD."notes", OLD."position");
        END;
        """)
    }
  }
}
