import Foundation
import TemporaryFiles
import Testing

extension TwoProcessesTests {
  /// The alert a change gets when another writer held the database past the busy timeout.
  static let lockedAlert = "Could not save the change: database is locked. Nothing was changed."

  /// Another writer holds `todos.sqlite` (a transaction the test opens and keeps open) while the
  /// app adds a todo: the app waits the 5-second busy timeout, says in one line that the change
  /// was not saved, and saves nothing; once the other writer is done, the next add is saved.
  @Test func aWriterLockedOutPastTheBusyTimeoutIsToldAndNothingIsChanged() async throws {
    let directory = try TemporaryDirectory()
    let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
    // NB: the app answers once it has made the database.
    let ready = await Self.listing(app)
    try #require(ready == Listing(total: 0, titles: []), "\(app.diagnosis())")

    let holder = try SQLiteFile(directory.file("todos.sqlite"))
    try holder.rows("BEGIN IMMEDIATE")
    try holder.rows(#"INSERT INTO "todos" ("id", "description", "position") VALUES ('00000000-0000-0000-0000-0000000000AA', 'Held', -100)"#)
    var mark = app.output.count
    let asked = ContinuousClock.now
    app.send("add Waits")
    let alert = await app.waitForLine(after: mark) { $0.contains(Self.lockedAlert) || $0.hasSuffix("] Waits") }
    let waited = ContinuousClock.now - asked
    #expect(alert?.contains(Self.lockedAlert) == true, "\(app.diagnosis())")
    #expect(waited >= .milliseconds(4_900), "the app gave up after \(waited), before the busy timeout")

    try holder.rows("COMMIT")
    holder.close()
    mark = app.output.count
    app.send("")
    app.send("add After")
    let shown = await app.waitForLine(after: mark) { $0.hasSuffix("] After") }
    #expect(shown != nil, "\(app.diagnosis())")
    app.closeInput()
    await app.waitForExit()
    #expect(app.process.terminationStatus == 0)
    #expect(app.errors.isEmpty, "\(app.errors)")
    let stored = try Self.storedTitles(in: directory)
    #expect(stored == ["After", "Held"], "\(stored)")
    reportCounts("two-processes-locked waited-ms=\(Self.milliseconds(waited)) alert-shown=\(alert?.contains(Self.lockedAlert) == true) waits-stored=\(stored.contains("Waits"))")
  }
}
