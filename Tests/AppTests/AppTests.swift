import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// End to end: the real `app` binary, piped commands, a numbers server on 127.0.0.1.
@Suite(.serialized)
struct AppTests {
  let directory: TemporaryDirectory
  let server: LoopbackServer

  init() throws {
    directory = try TemporaryDirectory()
    server = try .numbers()
  }

  func app(_ extra: String...) -> AppProcess {
    AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString] + extra)
  }

  @Test func counterArithmeticUsesTheStep() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "inc\ninc\nset step 5\ninc\ndec\n+\n")
    #expect(result.status == 0)
    #expect(result.outputLines.filter { $0.hasPrefix("count:") } == ["count: 1", "count: 2", "count: 7", "count: 2", "count: 7"])
    #expect(result.output.contains("step: 5"))
    #expect(result.error == "")
  }

  @Test func goingNegativeReIncrementsASecondLater() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "dec\ninc\n")
    #expect(result.outputLines.filter { $0.hasPrefix("count:") } == ["count: -1", "count: 0", "count: 1"])
  }

  @Test func aFactIsFetchedAndShownInTheKindChosen() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "inc\ninc\nfact\nset fact-kind math\nfact\n")
    #expect(result.status == 0)
    #expect(result.output.contains("2 is a trivia number."))
    #expect(result.output.contains("2 is a math number."))
    #expect(server.paths == ["/2/trivia", "/2/math"])
  }

  @Test func aServerFailureIsAReadableMessage() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await AppProcess(
      arguments: ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString + "/500"]
    ).run(input: "fact\nn\ninc\n")
    #expect(result.status == 0)
    #expect(result.output.contains("Could not load a number fact:"))
    #expect(result.output.contains("Try again? [y/N]"))
    #expect(result.output.contains("count: 1"))
  }

  @Test func todosAreAddedCompletedSortedAndPersisted() async throws {
    defer { directory.remove(); server.stop() }
    let first = try await app().run(input: "add Buy milk\nadd \"Walk dog\"\ndone 1\ntodos\n")
    #expect(first.status == 0)
    #expect(first.output.contains("Buy milk"))
    #expect(first.output.contains("[x] Walk dog"))
    let second = try await app().run(input: "todos\n")
    #expect(second.output.contains("1. [ ] Buy milk"))
    #expect(second.output.contains("2. [x] Walk dog"))
  }

  @Test func clearAndSetResetAskFirstAndTheNextLineAnswers() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(
      input: "add Buy milk\nadd Walk dog\ndone 1\nclear\nmaybe\n\nclear\ny\nset step 4\nset reset\nn\nset reset\nyes\n"
    )
    #expect(result.status == 0)
    #expect(result.error == "unknown answer \"maybe\" — type y or n\n")
    #expect(result.outputLines.suffix(11) == [
      "  1. [ ] Buy milk",
      "  2. [x] Walk dog",
      "Delete 1 completed todo? [y/N]",
      "Delete 1 completed todo? [y/N]",
      "Delete 1 completed todo? [y/N]",
      "todos: 1 active, 0 completed (filter: all)",
      "step: 4",
      "Reset every setting to its default? [y/N]",
      "Reset every setting to its default? [y/N]",
      "step: 1",
      "",
    ])
    let second = try await app().run(input: "todos\nsettings\n")
    #expect(second.output.contains("1. [ ] Buy milk"))
    #expect(!second.output.contains("Walk dog"))
    #expect(second.output.contains("step: 1"))
  }

  @Test func openPushesATodosScreenWhoseEditsArePersistedAndBackPops() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(
      input: "add Buy milk\nadd Walk dog\nopen 2\nnote 2% fat\nrename Buy oat milk\ninc\nback\nopen 1\ndelete\ny\n"
    )
    #expect(result.status == 0)
    #expect(result.error == "\"inc\" is not a command of todos › todo 2 — type back first\n")
    let lines = result.outputLines
    let opened = try #require(lines.firstIndex(of: "todos › todo 2"))
    #expect(Array(lines[opened...].prefix(5)) == [
      "todos › todo 2",
      "  [ ] Buy milk",
      "  notes: none — add some with note <text>",
      "  notes: 2% fat",
      "  [ ] Buy oat milk",
    ])
    #expect(lines.contains("  2. [ ] Buy oat milk"))
    #expect(lines.contains("Delete \"Walk dog\"? [y/N]"))
    #expect(lines.suffix(7).first == "todos: 1 active, 0 completed (filter: all)")
    let second = try await app().run(input: "todos\nopen 1\n")
    #expect(second.outputLines == [
      "todos: 1 active, 0 completed (filter: all)",
      "  1. [ ] Buy oat milk",
      "todos › todo 1",
      "  [ ] Buy oat milk",
      "  notes: 2% fat",
      "",
    ])
  }

  @Test func countAndSettingsArePersistedAcrossRuns() async throws {
    defer { directory.remove(); server.stop() }
    _ = try await app().run(input: "set step 3\ninc\ninc\n")
    let second = try await app().run(input: "settings\ninc\n")
    #expect(second.output.contains("step: 3"))
    #expect(second.output.contains("count: 9"))
  }

  @Test func theDoneWhenScriptOfTheIssue() async throws {
    defer { directory.remove(); server.stop() }
    let first = try await app().run(input: "inc\ninc\nadd Buy milk\ntodos\nquit\n")
    #expect(first.status == 0)
    #expect(first.output.contains("count: 2"))
    #expect(first.output.contains("Buy milk"))
    let second = try await app().run(input: "todos\n")
    #expect(second.output.contains("Buy milk"))
  }

  @Test func aCorruptTodosFileIsReportedAndKeptAside() async throws {
    defer { directory.remove(); server.stop() }
    let file = directory.url.appendingPathComponent("todos.json")
    try Data("{ not json".utf8).write(to: file)
    let result = try await app().run(input: "add Fresh start\ntodos\n")
    #expect(result.status == 0)
    #expect(result.error.contains("todos.json"))
    #expect(result.output.contains("Fresh start"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let aside = try #require(names.first { $0.hasPrefix("todos.json.corrupt-") })
    #expect(try String(contentsOf: directory.url.appendingPathComponent(aside), encoding: .utf8) == "{ not json")
  }

  @Test func traceWritesActionsAndDiffsToStandardError() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app("--trace").run(input: "inc\n")
    #expect(result.error.contains("received action:"))
    #expect(result.error.contains("AppFeature.Action.counter(.incrementButtonTapped)"))
    #expect(result.output.contains("count: 1"))
  }

  @Test func anUnknownCommandGetsASuggestion() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "tdos\n")
    #expect(result.status == 0)
    #expect(result.error.contains(#"unknown command "tdos" — did you mean "todos"? type help"#))
  }

  @Test func aFailedFactIsRetriedWhenTheNextLineSaysSo() async throws {
    defer { directory.remove(); server.stop() }
    let flaky = try LoopbackServer.failingOnce()
    defer { flaky.stop() }
    let result = try await AppProcess(
      arguments: ["--data-dir", directory.path, "--numbers-api", flaky.url.absoluteString]
    ).run(input: "fact\ny\n")
    #expect(result.status == 0)
    #expect(result.outputLines.contains("Try again? [y/N]"))
    #expect(result.output.contains("fact: 0 is a retried number."))
    #expect(result.error == "")
  }

  @Test func theEndOfInputMidEffectLetsItFinish() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "fact")
    #expect(result.status == 0)
    #expect(result.output.contains("0 is a trivia number."))
  }

  @Test func aBadFlagExitsWithStatus2() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await AppProcess(arguments: ["--numbers-api", "ftp://x"]).run(input: "")
    #expect(result.status == 2)
    #expect(result.error.contains("--numbers-api must be an http or https URL"))
    let unknown = try await AppProcess(arguments: ["--bogus"]).run(input: "")
    #expect(unknown.status == 2)
  }

  @Test func interruptCancelsEffectsFlushesAndExits130() async throws {
    defer { directory.remove(); server.stop() }
    let silent = try LoopbackServer { _ in .silence }
    defer { silent.stop() }
    let app = AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", silent.url.absoluteString])
    let (process, input, _, _) = try app.start()
    input.write(Data("inc\nfact\n".utf8))
    var requests = silent.requests.makeAsyncIterator()
    _ = await requests.next()
    process.interrupt()
    await onThread { process.waitUntilExit() }
    #expect(process.terminationStatus == 130)
    let second = try await AppProcess(arguments: ["--data-dir", directory.path]).run(input: "settings\n")
    #expect(second.status == 0)
    let storage = try String(contentsOf: directory.url.appendingPathComponent("app-storage.json"), encoding: .utf8)
    #expect(storage.contains("\"count\""))
  }
}
