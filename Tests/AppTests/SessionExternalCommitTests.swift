import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// A recorded run during which another app commits to `todos.sqlite`: the session keeps the
/// database that commit left, where the run saw it, and the replay puts it in place there — so a
/// position the run named after the commit names the same todo in the replay.
struct SessionExternalCommitTests {
  @Test func anotherAppsCommitIsRecordedAndReplayed() async throws {
    let directory = try TemporaryDirectory()
    let server = try LoopbackServer.numbers()
    defer { directory.remove(); server.stop() }
    let data = ["--data-dir", directory.file("data").path, "--numbers-api", server.url.absoluteString]
    let session = directory.file("run.session")
    let app = try InteractiveApp(arguments: data + ["--record", session.path], environment: ["TERM": "xterm"])
    defer { app.stop() }
    #expect(await app.press("add milk\r", thenSee: "[ ] milk"))

    // NB: the other app's todo goes on top: `done 1` now names it, not milk.
    let before = app.shownCount
    let other = try await AppProcess(arguments: data).run(input: "add bread\n")
    #expect(other.status == 0)
    #expect(await app.waitFor("1. [ ] bread", after: before))
    #expect(await app.press("done 1\r", thenSee: "[x] bread"))
    #expect(await app.quit() == 0)

    let text = try String(contentsOf: session, encoding: .utf8)
    #expect(text.contains(#"{"external":"todos.sqlite","#))
    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.output.hasSuffix("identical\n"), "\(replayed.output)")
    #expect(replayed.status == 0)
  }

  /// A session whose recorded database is not one cannot be replayed, and says which file.
  @Test func aRecordedDatabaseThatCannotBeOpenedIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("bad.session")
    let garbage = Data(repeating: 0x2A, count: 4096).base64EncodedString()
    try Data("""
      {"session":1,"feature":"app","interactive":false}
      {"file":"todos.sqlite","base64":"\(garbage)"}
      {"line":"todos"}
      {"input":"end"}
      {"exit":0}

      """.utf8).write(to: session)
    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.status == 2)
    #expect(replayed.error.hasPrefix("bad.session: its todos.sqlite cannot be opened: "), "\(replayed.error)")
  }
}
