import Foundation
import TemporaryFiles
import Testing

/// Item 1 with the database: the real `app` adds todos to `todos.sqlite` as fast as its input
/// brings them and is killed with `SIGKILL` at a random moment, round after round, over one data
/// directory. After each kill the database, as the kill left it, passes `PRAGMA integrity_check`
/// and holds every todo any app showed as added (an added todo's row is printed from the list read
/// back after its transaction committed); the next round's app opens it without a word.
extension CrashSafetyTests {
  /// How many `add` lines one round's app is given: more than it gets through before the latest
  /// kill (about 650 a second here), few enough to go into the pipe at once (25 bytes a line).
  static let addsPerRound = 2_000

  /// The description of the `index`th todo of `round`: fixed-width, and ending in a word, so a
  /// row cut short by the kill never reads as another todo.
  static func crashTitle(round: Int, index: Int) -> String {
    "crash r\(String(format: "%03d", round)) n\(String(format: "%05d", index)) ok"
  }

  /// The todos a child's output shows as added: rows such as `  1. [ ] crash r001 n00017 ok`.
  static func shownTitles(_ output: [String]) -> Set<String> {
    Set(output.compactMap { line in
      guard let bracket = line.range(of: "] crash r") else { return nil }
      let title = String(line[line.index(bracket.lowerBound, offsetBy: 2)...])
      return title.count == crashTitle(round: 0, index: 0).count && title.hasSuffix(" ok") ? title : nil
    })
  }

  /// Copies `todos.sqlite` and the `-wal` and `-shm` files beside it, as the kill left them, into
  /// `scratch`, so the test opens (and recovers) a copy and the next app still meets what the
  /// killed one left; `nil` when there is no database yet.
  static func copyOfDatabase(in directory: TemporaryDirectory, to scratch: TemporaryDirectory) throws -> URL? {
    for suffix in ["", "-wal", "-shm"] {
      let name = "todos.sqlite" + suffix
      let copy = scratch.file(name)
      try? FileManager.default.removeItem(at: copy)
      if FileManager.default.fileExists(atPath: directory.file(name).path) {
        try FileManager.default.copyItem(at: directory.file(name), to: copy)
      }
    }
    let copy = scratch.file("todos.sqlite")
    return FileManager.default.fileExists(atPath: copy.path) ? copy : nil
  }

  /// The database as the kill left it: its integrity check and the descriptions of its todos.
  ///
  /// NB: An app killed in its first milliseconds may not have made the file yet, or not yet
  ///     committed its first migration: there is then nothing to check, and no todo (none was
  ///     shown).
  static func databaseLeft(in directory: TemporaryDirectory, scratch: TemporaryDirectory) throws -> (
    integrity: [String?], todos: Set<String>
  ) {
    guard let copy = try copyOfDatabase(in: directory, to: scratch) else { return (["ok"], []) }
    let database = try SQLiteFile(copy)
    defer { database.close() }
    let integrity = try database.column("PRAGMA integrity_check")
    guard integrity == ["ok"], try database.hasTodosTable() else { return (integrity, []) }
    return (integrity, Set(try database.todoDescriptions()))
  }

  /// An app killed as it starts, before its first migration has committed, leaves a database
  /// the next app opens, migrates and adds to without a word, as the rounds below expect.
  @Test func anAppKilledAsItStartsLeavesADatabaseTheNextOneOpens() async throws {
    let directory = try TemporaryDirectory()
    let scratch = try TemporaryDirectory()
    let arguments = ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"]
    let first = try Child(Child.executable("app"), arguments)
    first.kill()
    await first.waitForExit()
    first.closeInput()
    let left = try Self.databaseLeft(in: directory, scratch: scratch)
    #expect(left.integrity == ["ok"])
    #expect(left.todos.isEmpty)

    let next = try Child(Child.executable("app"), arguments)
    next.send("add \(Self.crashTitle(round: 1, index: 1))")
    next.closeInput()
    await next.waitForExit()
    #expect(next.errors.isEmpty)
    let database = try Self.databaseLeft(in: directory, scratch: scratch)
    #expect(database.integrity == ["ok"])
    #expect(database.todos == [Self.crashTitle(round: 1, index: 1)])
  }

  /// Rounds of the app adding todos, killed at a random moment, over one data directory.
  @Test func aKilledAppLeavesASoundDatabaseWithEveryTodoItShowed() async throws {
    let rounds = reliabilityRounds(default: 8)
    let directory = try TemporaryDirectory()
    let scratch = try TemporaryDirectory()
    let arguments = ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"]
    var random = SystemRandomNumberGenerator()
    var shownInAll: Set<String> = []
    var (shownCount, committedUnshown, killedBeforeFirstAdd, lost) = (0, 0, 0, 0)
    var (storedAtEnd, damaged) = (0, 0)
    for round in 1...rounds {
      let app = try Child(Child.executable("app"), arguments)
      app.send((1...Self.addsPerRound).map { "add \(Self.crashTitle(round: round, index: $0))" }.joined(separator: "\n"))
      // NB: the sleep is the random moment of the kill, not a wait for anything.
      try await Task.sleep(for: .milliseconds(Int.random(in: 0...1_500, using: &random)))
      app.kill()
      await app.waitForExit()
      app.closeInput()
      #expect(app.wasKilled, "round \(round): the app ended on its own: \(app.errors)")
      // NB: the app opened the database the kill before left without a word: nothing was found
      //     corrupt and moved aside.
      #expect(app.errors.isEmpty, "round \(round): \(app.errors)")
      // NB: a page shows the todos of earlier rounds too; this round's are the ones it added.
      let sent = Set((1...Self.addsPerRound).map { Self.crashTitle(round: round, index: $0) })
      let shown = Self.shownTitles(app.output).intersection(sent)
      if shown.isEmpty { killedBeforeFirstAdd += 1 }
      shownCount += shown.count
      shownInAll.formUnion(shown)

      let (integrity, stored) = try Self.databaseLeft(in: directory, scratch: scratch)
      guard integrity == ["ok"] else {
        damaged += 1
        Issue.record("round \(round): the database is damaged: \(integrity.prefix(5))")
        break
      }
      let missing = shownInAll.subtracting(stored)
      lost += missing.count
      #expect(missing.isEmpty, "round \(round): \(missing.count) todos shown as added are not in the database: \(missing.sorted().prefix(5))")
      committedUnshown += stored.intersection(sent).subtracting(shown).count
      storedAtEnd = stored.count
    }
    reportCounts(
      "crash-safety-database rounds=\(rounds) kills=\(rounds) todos-shown=\(shownCount) "
        + "committed-not-yet-shown=\(committedUnshown) kills-before-the-first-add=\(killedBeforeFirstAdd) "
        + "todos-in-database=\(storedAtEnd) damaged-databases=\(damaged) shown-todos-lost=\(lost)"
    )
  }
}
