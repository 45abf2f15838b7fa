import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// End to end, piped: `find` narrows the list and positions count the matches; `undo` and
/// `redo` take back and make again the list's changes, across a restart of the app.
@Suite(.serialized)
struct FindAndUndoTests {
  let directory: TemporaryDirectory
  let server: LoopbackServer

  init() throws {
    directory = try TemporaryDirectory()
    server = try .numbers()
  }

  func app() -> AppProcess {
    AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString])
  }

  @Test func findNarrowsTheListAndPositionsCountTheMatches() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: """
      add Buy milk
      add Walk dog
      add Milk the cow
      find MIL
      done 2
      todos
      find zebra
      find
      todos

      """)
    #expect(result.status == 0)
    #expect(result.error == "")
    let lines = result.outputLines.filter { !$0.isEmpty }
    let found = try #require(lines.lastIndex(of: "todos: 2 active, 1 completed (filter: all, find: MIL)"))
    #expect(Array(lines[found...].prefix(3)) == [
      "todos: 2 active, 1 completed (filter: all, find: MIL)", "  1. [ ] Milk the cow", "  2. [x] Buy milk",
    ])
    #expect(lines.contains(#"  no todos match "zebra": find alone shows them all"#))
    #expect(Array(lines.suffix(4)) == [
      "todos: 2 active, 1 completed (filter: all)", "  1. [ ] Milk the cow", "  2. [ ] Walk dog", "  3. [x] Buy milk",
    ])
  }

  @Test func undoAndRedoAcrossARestart() async throws {
    defer { directory.remove(); server.stop() }
    _ = try await app().run(input: "add Buy milk\nadd Walk dog\nrm 2\n")
    let second = try await app().run(input: "undo\ntodos\nundo\nredo\nundo\nundo\nundo\n")
    #expect(second.status == 0)
    let lines = second.outputLines
    // NB: `todos` prints the whole page; a change's redraw prints only the lines it changed.
    let restored = ["todos: 2 active, 0 completed (filter: all)", "  1. [ ] Walk dog", "  2. [ ] Buy milk"]
    #expect(lines.indices.contains { Array(lines[$0...].prefix(3)) == restored })
    #expect(second.error == "nothing to undo\n")
    let third = try await app().run(input: "todos\nredo\ntodos\n")
    let shown = third.outputLines.filter { !$0.isEmpty }
    #expect(shown.first == "todos: 0 active, 0 completed (filter: all)")
    #expect(Array(shown.suffix(2)) == ["todos: 1 active, 0 completed (filter: all)", "  1. [ ] Buy milk"])
  }

  @Test func helpListsFindUndoAndRedo() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "help\n")
    let commands = result.outputLines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(commands.contains { $0.hasPrefix("find [<words>]") })
    #expect(commands.contains { $0.hasPrefix("undo ") })
    #expect(commands.contains { $0.hasPrefix("redo ") })
  }
}
