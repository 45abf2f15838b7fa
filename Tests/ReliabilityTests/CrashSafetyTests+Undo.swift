import Foundation
import TemporaryFiles
import Testing

/// Item 1 with undo: the real `app` adds, completes, moves, deletes, clears, undoes and redoes
/// as fast as its input brings the lines and is killed with `SIGKILL` at a random moment. The
/// database the kill left is sound, no step is left being recorded, and undoing every step it
/// holds, in a new app, brings the list back to empty: no change was committed without the step
/// that undoes it, and no undo or redo was left half applied.
extension CrashSafetyTests {
  /// One round's lines: a cycle of every kind of change, undo and redo among them.
  static func undoScript(lines: Int) -> [String] {
    let cycle = [
      "add crash a", "add crash b", "done 1", "mv 1 2", "rm 2", "undo", "edit 1 crash c", "redo",
      "undo", "clear", "y", "undo", "add crash d", "undo", "redo",
    ]
    return (0..<lines).map { cycle[$0 % cycle.count] }
  }

  @Test func aKilledAppLeavesEveryChangeWithItsUndoAndNoUndoHalfApplied() async throws {
    let rounds = reliabilityRounds(default: 4)
    var random = SystemRandomNumberGenerator()
    var (kills, checked, undone) = (0, 0, 0)
    for round in 1...rounds {
      let directory = try TemporaryDirectory()
      let scratch = try TemporaryDirectory()
      defer { directory.remove(); scratch.remove() }
      let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
      app.send(Self.undoScript(lines: 900).joined(separator: "\n"))
      // NB: the sleep is the random moment of the kill, not a wait for anything.
      try await Task.sleep(for: .milliseconds(Int.random(in: 100...1_500, using: &random)))
      app.kill()
      await app.waitForExit()
      app.closeInput()
      kills += 1
      guard let copy = try Self.copyOfDatabase(in: directory, to: scratch) else { continue }
      do {
        let database = try SQLiteFile(copy)
        defer { database.close() }
        #expect(try database.column("PRAGMA integrity_check") == ["ok"], "round \(round)")
        guard try database.hasTable("todoRecording") else { continue }
        #expect(try database.column(#"SELECT "step" FROM "todoRecording""#) == [nil], "round \(round): a step left being recorded")
        // NB: steps to undo are numbered 1, 2, … up and steps to redo -1, -2, … down, with no
        //     gap: each is made next to the last of its kind, and forgotten from either end.
        for (kind, sign) in [("undo", ">"), ("redo", "<")] {
          let gaps = try database.column("""
            SELECT count(DISTINCT "step") = abs(max("step") - min("step")) + 1 OR count(*) = 0
            FROM "todoHistory" WHERE "step" \(sign) 0
            """)
          #expect(gaps == ["1"], "round \(round): the steps to \(kind) have a gap")
        }
      }
      checked += 1
      // NB: the copy is the data directory of the app that undoes everything: more undo lines
      //     than the killed app was given lines, each step being one of them at most.
      let undoing = try Child(Child.executable("app"), ["--data-dir", scratch.path, "--numbers-api", "http://127.0.0.1:9"])
      undoing.send((Array(repeating: "undo", count: 1_000) + ["todos"]).joined(separator: "\n"))
      undoing.closeInput()
      await undoing.waitForExit()
      #expect(undoing.errors.last == "nothing to undo", "round \(round): \(undoing.errors.suffix(3))")
      #expect(undoing.output.last(where: { $0.hasPrefix("todos:") }) == "todos: 0 active, 0 completed (filter: all)", "round \(round)")
      #expect(undoing.output.last == "  no todos yet: add one with add <text>", "round \(round)")
      undone += 1
    }
    reportCounts("crash-safety-undo rounds=\(rounds) kills=\(kills) databases-checked=\(checked) undone-to-empty=\(undone)")
  }
}
