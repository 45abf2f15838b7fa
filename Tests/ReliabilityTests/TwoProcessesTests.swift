import Foundation
import TemporaryFiles
import Testing

/// Item 3 of the reliability suite: two `app` processes over one data directory, whose todos are
/// one SQLite database (`todos.sqlite`). Taking turns, each sees the other's todos through its
/// database key's watcher; adding at once, SQLite's locks serialise the writes and every todo is
/// in the database, with no file kept aside; a writer locked out past the busy timeout is told
/// so and nothing is changed.
struct TwoProcessesTests {
  /// The files two apps adding todos make in their data directory; anything else is a file kept
  /// aside, or a stray.
  static let dataFiles: Set<String> = [
    "todos.sqlite", "todos.sqlite-wal", "todos.sqlite-shm", "app-storage.json", ".app-storage.json.lock",
  ]

  /// How many rows a page of todos has when the app's output is piped (`TodosView`).
  static let pipedPageRows = 20

  /// What `todos` shows: the counts' total and the titles on the first page, top first.
  struct Listing: Equatable {
    var total: Int
    var titles: [String]
  }

  /// What `app` shows for `todos`, or `nil` if it does not answer. The page is drawn from the
  /// app's state — the list its database key read last — never read from the database for the
  /// command, so what it shows is what the key's watcher has brought in. The header
  /// (`todos: 2 active, 1 completed (filter: all)`) says how many rows follow.
  static func listing(_ app: Child) async -> Listing? {
    await onThread { shownListing(app)?.listing }
  }

  /// ``listing(_:)`` on the caller's thread, with the moment the app's last row of the page was
  /// read from its output.
  static func shownListing(_ app: Child) -> (listing: Listing, at: ContinuousClock.Instant)? {
    let mark = app.output.count
    app.send("todos")
    guard let header = app.line(after: mark, where: { $0.hasPrefix("todos: ") }) else { return nil }
    let numbers = header.text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard numbers.count >= 2 else { return nil }
    let total = numbers[0] + numbers[1]
    // NB: an empty list is the header and a line saying so.
    let rows = min(total, pipedPageRows)
    guard rows > 0 else { return (Listing(total: 0, titles: []), header.at) }
    guard let start = app.output[mark...].firstIndex(of: header.text) else { return nil }
    guard app.line(after: start + rows, where: { _ in true }) != nil else { return nil }
    let arrivals = app.arrivals[(start + 1)...(start + rows)]
    let titles = arrivals.map { String($0.text.drop(while: { $0 != "]" }).dropFirst(2)) }
    return (Listing(total: total, titles: titles), arrivals.last!.at)
  }

  /// The todos' descriptions in `directory`'s database, after checking it is sound.
  static func storedTitles(in directory: TemporaryDirectory) throws -> [String] {
    let database = try SQLiteFile(directory.file("todos.sqlite"))
    let integrity = try database.column("PRAGMA integrity_check")
    #expect(integrity == ["ok"], "the database is damaged: \(integrity.prefix(5))")
    return try database.column(#"SELECT "description" FROM "todos" ORDER BY "position""#).compactMap { $0 }
  }

  /// What became of the turns: the titles added, in order, how long after the writer showed
  /// each the other app's page did, and what went wrong, for the test to record.
  struct Turns: Sendable {
    var added: [String] = []
    var latencies: [Duration] = []
    var problems: [String] = []
  }

  /// Two apps take `count` turns adding a todo; after each, the other app is asked for its page
  /// until the todo is on it. Runs on a thread of its own (``onThread(_:)``), and each moment is
  /// the one a reader thread read the line: what is measured is the apps, not how soon the
  /// test's tasks get a thread of the cooperative pool under the suite's load.
  static func takeTurns(_ count: Int, _ apps: [Child]) -> Turns {
    var turns = Turns()
    for turn in 0..<count {
      let (writer, reader) = (apps[turn % 2], apps[(turn + 1) % 2])
      let title = "todo \(turn) from \(turn % 2 == 0 ? "A" : "B")"
      let mark = writer.output.count
      writer.send("add \(title)")
      // NB: the writer draws its list after the transaction has committed: from here on the
      //     todo is in the database, and the other app's watcher takes over.
      guard let shown = writer.line(after: mark, where: { $0.hasSuffix("] \(title)") }) else {
        turns.problems.append("turn \(turn): the writer did not show its todo. \(writer.diagnosis())")
        return turns
      }
      turns.added.append(title)
      // NB: ask the other app for its page until the todo is on it; the deadline only guards
      //     against a hang when the watcher is broken.
      var seen: (listing: Listing, at: ContinuousClock.Instant)?
      while ContinuousClock.now - shown.at < .seconds(30) {
        guard let page = shownListing(reader) else {
          turns.problems.append("turn \(turn): the other app did not answer. \(reader.diagnosis())")
          return turns
        }
        seen = page
        if page.listing.titles.contains(title) { break }
      }
      turns.latencies.append((seen?.at ?? .now) - shown.at)
      let expected = Listing(total: turns.added.count, titles: Array(turns.added.reversed().prefix(pipedPageRows)))
      if seen?.listing != expected {
        turns.problems.append("turn \(turn): the other app shows \(String(describing: seen?.listing)), expected \(expected)")
      }
    }
    return turns
  }

  /// Two apps add todos in turns; after each, the other app's page shows it.
  @Test func twoAppsTakingTurnsSeeEachOthersTodosAndLoseNone() async throws {
    let count = reliabilityRounds(default: 6) * 2
    let directory = try TemporaryDirectory()
    let arguments = ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"]
    let apps = [try Child(Child.executable("app"), arguments), try Child(Child.executable("app"), arguments)]
    let turns = await onThread { Self.takeTurns(count, apps) }
    for problem in turns.problems { Issue.record(Comment(rawValue: problem)) }
    for app in apps { app.closeInput() }
    for app in apps {
      await app.waitForExit()
      #expect(app.process.terminationStatus == 0)
      #expect(app.errors.isEmpty, "\(app.errors)")
    }
    guard turns.problems.isEmpty else { return }
    let added = turns.added
    let stored = try Self.storedTitles(in: directory)
    #expect(stored == added.reversed(), "after both exited, the database holds \(stored), expected \(added.reversed())")
    let strays = try directory.names().filter { !Self.dataFiles.contains($0) }
    #expect(strays.isEmpty, "\(strays)")
    let sorted = turns.latencies.sorted()
    // NB: `Tools/reliability/two-processes` holds this to a second, alone on the machine; under
    //     `swift test`, beside every other suite, the bound is a guard against a broken watcher.
    let limit = ProcessInfo.processInfo.environment["RELIABILITY_ARRIVAL_LIMIT_MS"].flatMap(Int.init) ?? 5_000
    #expect(sorted.last! < .milliseconds(limit), "the other app saw a todo \(sorted.last!) after it was committed")
    reportCounts(
      "two-processes turns=\(count) todos-added=\(added.count) todos-lost=\(Set(added).subtracting(stored).count) "
        + "files-aside=\(strays.count) "
        + "committed-to-seen-median-ms=\(Self.milliseconds(sorted[sorted.count / 2])) committed-to-seen-max-ms=\(Self.milliseconds(sorted.last!))"
    )
  }

  /// A duration in whole milliseconds.
  static func milliseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }
}
