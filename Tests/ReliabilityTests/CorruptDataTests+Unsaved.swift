import Foundation
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Data the app cannot save is never lost without a word: a data directory that cannot be made
/// is refused before any command is taken (the todos' database cannot be opened there), and a
/// setting that cannot be written is reported when the app exits.
extension CorruptDataTests {
  /// A data directory whose parent is a file.
  @Test func aDataDirectoryThatCannotBeMadeIsRefusedAtStart() async throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.file("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let data = blocker.appendingPathComponent("data")
    let app = try Child(Child.executable("app"), ["--data-dir", data.path, "--numbers-api", "http://127.0.0.1:9"])
    app.send("add Fresh start")
    app.closeInput()
    await app.waitForExit()
    // NB: the app took no command, so it showed none as done: the todo typed was refused with
    //     the app, not accepted and then dropped.
    #expect(app.process.terminationStatus == 2)
    #expect(app.output.isEmpty, "\(app.output)")
    let lines = app.errors.filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(lines)")
    let line = lines.first ?? ""
    #expect(line.contains(data.appendingPathComponent("todos.sqlite").path) && line.contains("cannot create its directory"), "\(line)")
    #expect(line.contains("cannot create its directory: Not a directory"), "\(line)")
    #expect(try directory.names() == ["not-a-directory"])
    #expect(FileManager.default.contents(atPath: blocker.path) == Data("x".utf8))
  }

  /// A data directory anyone may write but with the sticky bit (as `/tmp` is), where
  /// `app-storage.json` belongs to root: the app, run as `nobody`, opens the database and reads
  /// the settings, but cannot replace the file. The change is shown, and on exit the app says in
  /// one line, naming the file, that it was not saved; the file keeps what it held.
  @Test(.enabled(if: getuid() == 0, "needs root, to give the file to another user than the app's"))
  func aSettingThatCannotBeSavedIsReportedOnExit() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("app-storage.json")
    let original = Data(#"{"count": 41, "step": 1}"#.utf8)
    try original.write(to: file)
    chmod(directory.path, 0o1777)
    let launcher = try #require(Self.nobodyLauncher()?.launcher, "no setpriv, or no user nobody")
    let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"], launcher: launcher)
    app.send("inc")
    app.closeInput()
    await app.waitForExit()
    #expect(app.process.terminationStatus == 0)
    #expect(app.output.contains("count: 42"), "\(app.output)")
    let lines = app.errors.filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.contains(file.path) == true, "\(lines)")
    #expect(FileManager.default.contents(atPath: file.path) == original)
  }
}
