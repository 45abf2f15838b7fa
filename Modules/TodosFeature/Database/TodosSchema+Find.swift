import GRDB

extension TodosSchema {
  /// The identifier of the migration that indexes the words: a list opened before it was
  /// applied has its words read at that open.
  static let findMigration = "Index words for find"

  /// The migration that indexes the todos' words for ``TodosFind``, kept by triggers.
  ///
  /// - `todoWords`: one row per word of a todo's description (`word`, `todo` the id, and the
  ///   todo's `isComplete` and `position`), indexed by `word, isComplete, position`: the todos
  ///   holding a word, under a filter, in the order shown, are one index range.
  /// - `todoWordCounts`: how many todos hold each word, by completion, kept by triggers on
  ///   `todoWords`: the count of a find for a word is one row, whatever the list's length.
  /// - `todoTokenizer` (an FTS5 table that never keeps a row) and `todoTokens` (its
  ///   `fts5vocab` instances): SQLite's own `unicode61` tokenizer, diacritics removed, splits a
  ///   description into words in the database: lower case, accents folded, punctuation dropped.
  ///   Plain text (``plainPunctuation``) is split into the same words in SQL, at less cost.
  /// - `todoIndexing`: one row; while `deferred` is 1 an inserted todo's words are not read at
  ///   once, and ``TodosWordIndex/indexRows(after:_:)`` reads many at a time instead. When
  ///   `pendingAfter` is not null, the todos whose rowid is past it and at most `pendingThrough`
  ///   (an import's) may have words not read yet: ``TodosWordIndex/indexPending(limit:_:)``
  ///   reads them, a slice at a time.
  ///
  /// Every write to `todos`, the app's or another program's, keeps them in step.
  static func registerFind(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration(findMigration) { db in
      try db.execute(sql: """
        CREATE VIRTUAL TABLE "todoTokenizer" USING fts5(
          "text", content='', tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0
        );
        CREATE VIRTUAL TABLE "todoTokens" USING fts5vocab("todoTokenizer", 'instance');

        CREATE TABLE "todoWords" (
          "word" TEXT NOT NULL,
          "todo" TEXT NOT NULL,
          "isComplete" INTEGER NOT NULL,
          "position" REAL NOT NULL,
          PRIMARY KEY ("todo", "word")
        ) WITHOUT ROWID;
        CREATE INDEX "todoWords_by_word" ON "todoWords" ("word", "isComplete", "position");

        CREATE TABLE "todoWordCounts" (
          "word" TEXT NOT NULL,
          "isComplete" INTEGER NOT NULL,
          "count" INTEGER NOT NULL,
          PRIMARY KEY ("word", "isComplete")
        ) WITHOUT ROWID;

        CREATE TABLE "todoIndexing" (
          "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
          "deferred" INTEGER NOT NULL,
          "pendingAfter" INTEGER,
          "pendingThrough" INTEGER
        );
        INSERT INTO "todoIndexing" ("id", "deferred") VALUES (1, 0);

        CREATE TRIGGER "todoWords_counted_on_insert" AFTER INSERT ON "todoWords" BEGIN
          INSERT INTO "todoWordCounts" ("word", "isComplete", "count") VALUES (NEW."word", NEW."isComplete", 1)
          ON CONFLICT DO UPDATE SET "count" = "count" + 1;
        END;
        CREATE TRIGGER "todoWords_counted_on_delete" AFTER DELETE ON "todoWords" BEGIN
          UPDATE "todoWordCounts" SET "count" = "count" - 1
          WHERE "word" = OLD."word" AND "isComplete" = OLD."isComplete";
          DELETE FROM "todoWordCounts" WHERE "word" = OLD."word" AND "isComplete" = OLD."isComplete" AND "count" = 0;
        END;
        CREATE TRIGGER "todoWords_counted_on_completion" AFTER UPDATE OF "isComplete" ON "todoWords"
        WHEN OLD."isComplete" <> NEW."isComplete" BEGIN
          UPDATE "todoWordCounts" SET "count" = "count" - 1
          WHERE "word" = OLD."word" AND "isComplete" = OLD."isComplete";
          DELETE FROM "todoWordCounts" WHERE "word" = OLD."word" AND "isComplete" = OLD."isComplete" AND "count" = 0;
          INSERT INTO "todoWordCounts" ("word", "isComplete", "count") VALUES (NEW."word", NEW."isComplete", 1)
          ON CONFLICT DO UPDATE SET "count" = "count" + 1;
        END;

        CREATE TRIGGER "todos_words_on_insert" AFTER INSERT ON "todos"
        WHEN (SELECT "deferred" FROM "todoIndexing") = 0 AND NEW."description" NOT GLOB \(notPlain) BEGIN
          \(wordsOfPlainNewRow)
        END;
        CREATE TRIGGER "todos_words_on_insert_tokenized" AFTER INSERT ON "todos"
        WHEN (SELECT "deferred" FROM "todoIndexing") = 0 AND NEW."description" GLOB \(notPlain) BEGIN
          \(wordsOfNewRow)
        END;
        CREATE TRIGGER "todos_words_on_edit" AFTER UPDATE OF "description" ON "todos"
        WHEN OLD."description" IS NOT NEW."description" AND NEW."description" NOT GLOB \(notPlain) BEGIN
          DELETE FROM "todoWords" WHERE "todo" = OLD."id";
          \(wordsOfPlainNewRow)
        END;
        CREATE TRIGGER "todos_words_on_edit_tokenized" AFTER UPDATE OF "description" ON "todos"
        WHEN OLD."description" IS NOT NEW."description" AND NEW."description" GLOB \(notPlain) BEGIN
          DELETE FROM "todoWords" WHERE "todo" = OLD."id";
          \(wordsOfNewRow)
        END;
        CREATE TRIGGER "todos_words_on_move" AFTER UPDATE OF "isComplete", "position" ON "todos"
        WHEN OLD."isComplete" IS NOT NEW."isComplete" OR OLD."position" IS NOT NEW."position" BEGIN
          UPDATE "todoWords" SET "isComplete" = NEW."isComplete", "position" = NEW."position"
          WHERE "todo" = NEW."id";
        END;
        CREATE TRIGGER "todos_words_on_delete" AFTER DELETE ON "todos" BEGIN
          DELETE FROM "todoWords" WHERE "todo" = OLD."id";
        END;
        """)
      try TodosWordIndex.indexRows(after: nil, db)
    }
  }

  /// The characters of plain text besides ASCII letters, digits and spaces: the punctuation
  /// the tokenizer treats as spaces that todos use most. Each is replaced by a space in SQL.
  static let plainPunctuation = Array(".,;:!?'\"()/&-")

  /// A `GLOB` pattern matching text with a character that is not plain: text the tokenizer
  /// splits (any other character, accents and tabs among them) rather than SQL.
  private static let notPlain = "'*[^A-Za-z0-9 " + plainPunctuation.filter { $0 != "-" }
    .map { $0 == "'" ? "''" : String($0) }.joined() + "-]*'"

  /// The statement of a trigger on `todos` that writes the words of `NEW`'s plain description
  /// (see ``notPlain``) without the tokenizer: lower-cased, its punctuation made spaces, split
  /// at the spaces by `json_each`. They are the tokenizer's words for such text (a test
  /// compares them), at a fraction of its cost: it writes its index's tables and reads them.
  ///
  /// NB: SQLite's `lower` folds ASCII letters alone, which is all plain text holds.
  private static let wordsOfPlainNewRow: String = {
    var folded = #"lower(NEW."description")"#
    for character in plainPunctuation {
      folded = "replace(\(folded), '\(character == "'" ? "''" : String(character))', ' ')"
    }
    return """
      INSERT OR IGNORE INTO "todoWords" ("word", "todo", "isComplete", "position")
      SELECT "value", NEW."id", NEW."isComplete", NEW."position"
      FROM json_each('["' || replace(\(folded), ' ', '","') || '"]') WHERE "value" <> '';
      """
  }()

  /// The statements of a trigger on `todos` that write the words of `NEW`'s description: the
  /// tokenizer is given the description alone, its words are read, and it is emptied again.
  private static let wordsOfNewRow = """
    INSERT INTO "todoTokenizer" ("rowid", "text") VALUES (1, NEW."description");
    INSERT OR IGNORE INTO "todoWords" ("word", "todo", "isComplete", "position")
    SELECT "term", NEW."id", NEW."isComplete", NEW."position" FROM "todoTokens";
    INSERT INTO "todoTokenizer" ("todoTokenizer") VALUES ('delete-all');
    """
}
