import Foundation
import TemporaryFiles
import Testing

/// The line editor, typed into through a pseudo-terminal as a person would: editing keys,
/// history across runs, completion, output arriving while a line is half typed, Ctrl-C and
/// Ctrl-D, and a resized window. Each test waits for the bytes it expects, never for time.
struct LineEditorTests {
  /// Left, Right, Home, End, Delete, as a terminal sends them.
  enum Key {
    static let left = "\u{1B}[D"
    static let right = "\u{1B}[C"
    static let up = "\u{1B}[A"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let backspace = "\u{7F}"
    static let tab = "\t"
    static let enter = "\r"
  }

  /// Runs `body` with the app on a terminal that can edit, over a new data directory, once its
  /// prompt shows; stops the app after.
  func withEditingApp(_ body: (InteractiveApp, TemporaryDirectory) async throws -> Void) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try InteractiveApp.editing(directory)
    defer { app.stop() }
    #expect(await app.waitFor("> "))
    try await body(app, directory)
  }

  /// Ctrl and a letter.
  static func control(_ letter: Character) -> String {
    String(UnicodeScalar(letter.asciiValue! & 0x1F))
  }

  @Test func editingKeysChangeTheLineBeforeItIsRun() async throws {
    try await withEditingApp { app, _ in
      // Left twice, then a missing letter inserted mid-word: "ic" becomes "inc".
      #expect(await app.press("ic" + Key.left + "n" + Key.enter, thenSee: "count: 1"))
      // Ctrl-A and Ctrl-E, Home and End.
      #expect(await app.press("nc" + Self.control("a") + "i" + Self.control("e") + Key.enter, thenSee: "count: 2"))
      #expect(await app.press("n" + Key.home + "i" + Key.end + "c" + Key.enter, thenSee: "count: 3"))
      // Backspace and Delete.
      #expect(await app.press("incx" + Key.backspace + Key.enter, thenSee: "count: 4"))
      #expect(await app.press("incx" + Key.left + Key.delete + Key.enter, thenSee: "count: 5"))
      // Ctrl-K kills to the end, Ctrl-U to the start, Ctrl-W the word before the cursor.
      #expect(await app.press("incxyz" + Key.left + Key.left + Key.left + Self.control("k") + Key.enter, thenSee: "count: 6"))
      #expect(await app.press("reset" + Self.control("u") + "inc" + Key.enter, thenSee: "count: 7"))
      #expect(await app.press("inc reset" + Self.control("w") + Key.enter, thenSee: "count: 8"))
      // Right after Left leaves the line as it was.
      #expect(await app.press("dec" + Key.left + Key.right + Key.enter, thenSee: "count: 7"))

      #expect(await app.quit() == 0)
      #expect(!app.text.contains("unknown command"))
    }
  }

  @Test func historyIsKeptInTheDataDirectoryAndBrowsedAfterARestart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let historyFile = URL(fileURLWithPath: directory.path).appendingPathComponent("history")

    let first = try InteractiveApp.editing(directory)
    defer { first.stop() }
    #expect(await first.waitFor("> "))
    #expect(await first.press("inc" + Key.enter, thenSee: "count: 1"))
    #expect(await first.press("inc" + Key.enter, thenSee: "count: 2"))
    #expect(await first.quit() == 0)

    // The same line twice in a row is kept once; the file is its owner's only.
    #expect(try String(contentsOf: historyFile, encoding: .utf8) == "inc\nquit\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: historyFile.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)

    let second = try InteractiveApp.editing(directory)
    defer { second.stop() }
    #expect(await second.waitFor("> "))
    // Up shows "quit", Up again "inc".
    #expect(await second.press(Key.up + Key.up + Key.enter, thenSee: "count: 3"))
    #expect(await second.quit() == 0)

    // A piped run keeps no history.
    let piped = try await AppProcess(arguments: InteractiveApp.arguments(directory)).run(input: "dec\n")
    #expect(piped.status == 0)
    #expect(try String(contentsOf: historyFile, encoding: .utf8) == "inc\nquit\ninc\nquit\n")
  }

  @Test func whatTheAppReportsIsPrintedAboveThePrompt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try InteractiveApp(
      arguments: InteractiveApp.arguments(directory) + ["--trace"], environment: ["TERM": "xterm"]
    )
    defer { app.stop() }
    #expect(await app.waitFor("> "))
    #expect(await app.press("inc" + Key.enter, thenSee: "count: 1"))
    // The trace of the action arrived after the prompt for the next line was drawn: the prompt
    // was taken off first (not written after), and drawn again under the trace.
    #expect(await app.waitFor("AppFeature.Action.counter(.incrementButtonTapped)"))
    #expect(!app.text.contains("> received action"))
    let trace = try #require(app.text.range(of: "(.incrementButtonTapped)", options: .backwards))
    #expect(await app.waitFor("> ", after: app.text.utf8.distance(from: app.text.startIndex, to: trace.upperBound)))
    #expect(await app.quit() == 0)
  }

  @Test func aPreviewKeepsNoHistory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try InteractiveApp(
      arguments: ["preview", "counter", "--data-dir", directory.path], environment: ["TERM": "xterm"]
    )
    defer { app.stop() }
    #expect(await app.waitFor("> "))
    #expect(await app.press("inc" + Key.enter, thenSee: "count: 1"))
    // The editor is on: Up brings the line back.
    #expect(await app.press(Key.up + Key.enter, thenSee: "count: 2"))
    #expect(await app.quit() == 0)
    #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory.path).appendingPathComponent("history").path))
  }

  @Test func tabCompletesACommandAnArgumentAndListsAmbiguousChoices() async throws {
    try await withEditingApp { app, _ in
      // A todo's position, from the list shown.
      #expect(await app.press("add Buy milk" + Key.enter, thenSee: "1. [ ] Buy milk"))
      #expect(await app.press("done " + Key.tab + Key.enter, thenSee: "0 active, 1 completed"))
      // A unique prefix of a command completes, with a space after it; then an argument, from
      // the values the command declares.
      #expect(await app.press("filt" + Key.tab + "comp" + Key.tab + Key.enter, thenSee: "(filter: completed)"))
      // An ambiguous prefix completes as far as the choices agree, then lists them.
      #expect(await app.press("se" + Key.tab + Key.tab, thenSee: "set  settings"))
      #expect(await app.press("tings" + Key.enter, thenSee: "step: 1"))

      #expect(await app.quit() == 0)
    }
  }

  @Test func aChangeArrivingWhileALineIsHalfTypedLeavesTheLineIntact() async throws {
    try await withEditingApp { app, directory in
      #expect(await app.press("add Buy mi", thenSee: "add Buy mi"))
      let before = app.shownCount

      // Another process changes the count: it is printed while the line is half typed.
      let other = try await AppProcess(arguments: InteractiveApp.arguments(directory)).run(input: "inc\ninc\n")
      #expect(other.status == 0)
      #expect(await app.waitFor("count: 2"))
      // The prompt and the half-typed line are drawn again under it.
      #expect(await app.waitFor("> add Buy mi", after: before))

      #expect(await app.press("lk" + Key.enter, thenSee: "1. [ ] Buy milk"))
      #expect(await app.quit() == 0)
    }
  }

  @Test func ctrlCClearsTheLineThenWarnsThenLeaves() async throws {
    try await withEditingApp { app, _ in
      // With text typed, Ctrl-C drops the line.
      #expect(await app.press("add never" + Self.control("c"), thenSee: "^C"))
      #expect(await app.press("todos" + Key.enter, thenSee: "no todos yet"))
      // At an empty prompt it says how to leave; a second one in a row leaves, with 130.
      #expect(await app.press(Self.control("c"), thenSee: "To leave, press Ctrl-C again"))
      app.press(Self.control("c"))
      #expect(await app.waitForExit() == 130)
    }
  }

  @Test func ctrlDAtAnEmptyLineLeavesLikeQuit() async throws {
    try await withEditingApp { app, directory in
      #expect(await app.press("inc" + Key.enter, thenSee: "count: 1"))
      app.press(Self.control("d"))
      #expect(await app.waitForExit() == 0)
      // The count was saved as on quit.
      let piped = try await AppProcess(arguments: InteractiveApp.arguments(directory)).run(input: "inc\n")
      #expect(piped.outputLines.contains("count: 2"))
    }
  }

  /// At 80 × 24 a list shows 14 rows (the height less the other lines of the display); made 16
  /// rows high, the window shows a page of 6 at once, without a key pressed.
  @Test func aResizedWindowShowsAPageOfItsNewHeight() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let todos = (1...30).map { n in
      #"{"id":"\#(UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!.uuidString)","description":"todo \#(n)","isComplete":false}"#
    }
    try Data("[\(todos.joined(separator: ","))]".utf8).write(to: directory.url.appendingPathComponent("todos.json"))
    let app = try InteractiveApp.editing(directory)
    defer { app.stop() }
    #expect(await app.waitFor("1-14 of 30"))
    let before = app.shownCount
    app.resize(columns: 80, rows: 16)
    #expect(await app.waitFor("1-6 of 30", after: before))
    #expect(await app.quit() == 0)
  }

  @Test func aResizedWindowRedrawsThePromptAndKeepsTheLine() async throws {
    try await withEditingApp { app, _ in
      #expect(await app.press("add Walk the dog", thenSee: "add Walk the dog"))
      let before = app.shownCount

      app.resize(columns: 40, rows: 20)
      #expect(await app.waitFor("> add Walk the dog", after: before))
      #expect(await app.press(Key.enter, thenSee: "1. [ ] Walk the dog"))
      #expect(await app.quit() == 0)
    }
  }
}
