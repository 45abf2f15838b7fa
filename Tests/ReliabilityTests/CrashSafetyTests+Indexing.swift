import Foundation
import TemporaryFiles
import Testing

/// Item 1 with an import: the real `app` imports a `todos.json` and, after its first prompt,
/// reads the imported todos' words for find a slice per transaction; it is killed with `SIGKILL`
/// at a random moment, before, during or after that. The database the kill left is sound, every
/// slice is read whole or not at all, and the next app finds every todo: a word of the last todo
/// imported, and a word every todo holds.
extension CrashSafetyTests {
  /// How many todos the file holds: several slices of words (`TodosWordIndexer.slice`).
  static let importedTodos = 60_000

  /// A `todos.json` of ``importedTodos`` todos, "imported 0" to "imported 59999".
  static func importFile() -> Data {
    let rows = (0..<importedTodos).map { index in
      let id = String(format: "00000000-0000-4000-8000-%012X", index)
      return #"{"id": "\#(id)", "description": "imported \#(index)", "isComplete": false}"#
    }
    return Data(("[" + rows.joined(separator: ",\n") + "]").utf8)
  }

  /// The range of imported todos whose words the killed app had still to read
  /// (`todoIndexing.pendingAfter`), or nil when it had none left, or had not yet committed the
  /// migration that makes `todoIndexing`: that one follows the migration that makes `todos`, and
  /// each commits on its own.
  static func wordsLeftAfter(in database: SQLiteFile) throws -> String? {
    guard try database.hasTable("todoIndexing") else { return nil }
    return try database.column(#"SELECT "pendingAfter" FROM "todoIndexing""#).first ?? nil
  }

  /// A kill between the app's first migration and its find migration, where a random moment can
  /// land on a loaded machine, leaves `todos` without `todoIndexing`: no words are left to read,
  /// and the check does not throw.
  @Test func aKillBetweenTwoMigrationsLeavesNoWordsToRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("todos.sqlite")
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
    let database = try SQLiteFile(url)
    defer { database.close() }
    _ = try database.column(#"CREATE TABLE "todos" ("id" TEXT PRIMARY KEY, "description" TEXT)"#)
    #expect(try database.hasTodosTable())
    #expect(try Self.wordsLeftAfter(in: database) == nil)
    _ = try database.column(#"CREATE TABLE "todoIndexing" ("id" INTEGER PRIMARY KEY, "pendingAfter" INTEGER)"#)
    _ = try database.column(#"INSERT INTO "todoIndexing" ("id", "pendingAfter") VALUES (1, 20000)"#)
    #expect(try Self.wordsLeftAfter(in: database) == "20000")
  }

  @Test func aKilledImportLeavesItsWordsForTheNextStartToReadWhole() async throws {
    let rounds = reliabilityRounds(default: 3)
    var random = SystemRandomNumberGenerator()
    var (kills, killedWhileReading, found) = (0, 0, 0)
    let file = Self.importFile()
    for round in 1...rounds {
      let directory = try TemporaryDirectory()
      let scratch = try TemporaryDirectory()
      defer { directory.remove(); scratch.remove() }
      try file.write(to: directory.file("todos.json"))
      let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
      // NB: the sleep is the random moment of the kill, not a wait for anything.
      try await Task.sleep(for: .milliseconds(Int.random(in: 100...2_000, using: &random)))
      app.kill()
      await app.waitForExit()
      app.closeInput()
      kills += 1
      if let copy = try Self.copyOfDatabase(in: directory, to: scratch) {
        let database = try SQLiteFile(copy)
        defer { database.close() }
        #expect(try database.column("PRAGMA integrity_check") == ["ok"], "round \(round)")
        if let after = try Self.wordsLeftAfter(in: database) {
          killedWhileReading += 1
          // NB: the words of every todo up to the range left are read, and none past it.
          let read = try database.column(#"SELECT count(*) FROM "todoWords" WHERE "word" = 'imported'"#)
          #expect(read == [after], "round \(round)")
        }
      }
      let next = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
      next.send("find \(Self.importedTodos - 1)\nfind imported\n")
      next.closeInput()
      await next.waitForExit()
      let last = "imported \(Self.importedTodos - 1)"
      #expect(next.output.contains { $0.hasSuffix("] \(last)") }, "round \(round): \(next.output.suffix(4))")
      let final = try SQLiteFile(directory.file("todos.sqlite"))
      defer { final.close() }
      #expect(
        try final.column(#"SELECT "count" FROM "todoWordCounts" WHERE "word" = 'imported'"#) == ["\(Self.importedTodos)"],
        "round \(round)"
      )
      found += 1
    }
    reportCounts("crash-safety-import rounds=\(rounds) kills=\(kills) killed-while-reading-words=\(killedWhileReading) found-every-todo=\(found)")
  }
}
