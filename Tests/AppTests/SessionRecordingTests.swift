import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `app --record`, `app replay` and `app replay --step` through the built binary: a run piped or
/// typed is recorded, replays identically, and steps; a session changed after the fact diverges
/// with a readable report; a killed run leaves a session that replays up to where it stops.
@Suite(.serialized) struct SessionRecordingTests {
  @Test func aPipedRunReplaysIdentically() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try LoopbackServer.failingOnce()
    defer { server.stop() }
    let session = directory.file("run.session")
    let recorded = try await AppProcess(arguments: [
      "--data-dir", directory.file("data").path, "--numbers-api", server.url.absoluteString, "--record", session.path,
    ]).run(input: "inc\nfact\ny\nadd milk\ndone 1\nopen 1\nrename oat milk\nback\nbogus\nquit\n")
    #expect(recorded.status == 0)

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.error == "")
    #expect(replayed.output == "replayed 10 lines, 11 actions: identical\n")
    #expect(replayed.status == 0)

    let text = try String(contentsOf: session, encoding: .utf8)
    #expect(text.hasPrefix(#"{"session":1,"feature":"app","interactive":false}"# + "\n"))
    #expect(text.contains(#"{"answer":"numberFact","call":1,"error":"HTTP 500: the server broke"}"#))
    #expect(text.contains(#"{"answer":"numberFact","call":2,"value":"1 is a retried number."}"#))
    #expect(text.contains(#"{"error":"unknown command \"bogus\""#))
    #expect(text.hasSuffix(#"{"exit":0}"# + "\n"))
  }

  @Test func aPreviewWithASeedReplaysIdentically() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("preview.session")
    let recorded = try await AppProcess(arguments: [
      "preview", "todos", "--seed", "sort-completed=off", "--record", session.path,
    ]).run(input: "add milk\nadd tea\ndone 2\nopen 1\nnote oat\nback\n")
    #expect(recorded.status == 0)
    let text = try String(contentsOf: session, encoding: .utf8)
    #expect(text.hasPrefix(#"{"session":1,"feature":"todos","interactive":false,"arguments":["sort-completed=off"]}"#))

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.output == "replayed 6 lines, 6 actions: identical\n")
    #expect(replayed.status == 0)
  }

  @Test func aSessionChangedAfterTheFactDivergesWithTheStateChange() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("run.session")
    _ = try await AppProcess(arguments: ["--data-dir", directory.file("data").path, "--record", session.path])
      .run(input: "inc\ninc\nquit\n")
    // NB: As if the app, when recorded, had counted down: the replay now does something else.
    let text = try String(contentsOf: session, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #"{"line":"inc"}"# + "\n" + #"{"action":"AppFeature.Action.counter(.incrementButtonTapped)""#,
      with: #"{"line":"inc"}"# + "\n" + #"{"action":"AppFeature.Action.counter(.decrementButtonTapped)""#
    )
    try edited.write(to: session, atomically: true, encoding: .utf8)

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.status == 1)
    #expect(replayed.error == "")
    #expect(replayed.outputLines == [
      "replayed 1 line, 1 action: diverged",
      "first divergence at event 4 (line 5 of the file), after line 1 \"inc\":",
      "  expected: AppFeature.Action.counter(.decrementButtonTapped) (from the line)",
      "  produced: AppFeature.Action.counter(.incrementButtonTapped) (from the line)",
      "  state change the produced action made:",
      "      AppFeature.State(",
      "        _counter: Counter.State(",
      "    -     _count: 0,",
      "    +     _count: 1,",
      "          _step: #1 1",
      "        ),",
      "        _numberFact: NumberFact.State(",
      "          _count: Int(↩︎),",
      "          _kind: .trivia,",
      "          _isRequestInFlight: false,",
      "          _fact: nil,",
      "          _errorMessage: nil,",
      "          _history: [],",
      "          _alert: nil",
      "        ),",
      "        _settings: Settings.State(…),",
      "        _todos: Todos.State(…)",
      "      )",
      "",
    ], "the session replayed:\n\(edited)")
  }

  @Test func aKilledRunLeavesASessionThatReplaysUpToWhereItStops() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("run.session")
    let app = AppProcess(arguments: ["--data-dir", directory.file("data").path, "--record", session.path])
    let (process, input, output, _) = try app.start()
    try input.write(contentsOf: Data("inc\ninc\nadd milk\n".utf8))
    // NB: The app prints the todo after its action is recorded: once it has, the writer has the
    //     events; the file is read until they are there (a bound, not a wait for a time).
    _ = await onThread { () -> Bool in
      var seen = Data()
      while !String(decoding: seen, as: UTF8.self).contains("[ ] milk") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return false }
        seen.append(chunk)
      }
      return true
    }
    #expect(await Self.eventually { (try? String(contentsOf: session, encoding: .utf8))?.contains(#"{"answer":"uuid""#) == true })
    kill(process.processIdentifier, SIGKILL)
    await onThread { process.waitUntilExit() }

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.status == 0)
    #expect(replayed.output.hasPrefix("replayed 3 lines, 3 actions: identical; the run was cut short, and its session stops after line"))
    #expect(replayed.error == "")
  }

  @Test func stepsThroughASessionPiped() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try LoopbackServer { _ in .text("1 is a stepped number.") }
    defer { server.stop() }
    let session = directory.file("run.session")
    _ = try await AppProcess(arguments: [
      "--data-dir", directory.file("data").path, "--numbers-api", server.url.absoluteString, "--record", session.path,
    ]).run(input: "inc\nfact\nadd milk\nquit\n")

    let stepped = try await AppProcess(arguments: ["replay", session.path, "--step"])
      .run(input: "next\nnext 2\ndiff\nnext\ndiff\nprevious\nactions\ngoto 1\ndiff\ngoto 0\nnext 9\n")
    #expect(stepped.status == 0)
    #expect(stepped.error == "count must be a whole number from 1 to 4, got \"9\"\n")
    // NB: The fact arrives from an effect, its own step. `add milk` writes to the database, not
    //     to the state: its step changes what the display shows, and no state.
    #expect(stepped.outputLines == [
      "replayed 4 lines, 4 actions: identical",
      "step 1 of 4 · line 1 \"inc\" · AppFeature.Action.counter(.incrementButtonTapped) from the line",
      "  count: 1",
      "step 3 of 4 · line 2 \"fact\" · AppFeature.Action.numberFact(.factResponse(.success(\"1 is a stepped number.\"))) from an effect",
      "  fact: 1 is a stepped number.",
      "  AppFeature.State(",
      "    _counter: Counter.State(…),",
      "    _numberFact: NumberFact.State(",
      "      _count: 1,",
      "      _kind: .trivia,",
      "-     _isRequestInFlight: true,",
      "+     _isRequestInFlight: false,",
      "-     _fact: nil,",
      "+     _fact: \"1 is a stepped number.\",",
      "      _errorMessage: nil,",
      "      _history: [String](",
      "+       \"1 is a stepped number.\"",
      "      ),",
      "      _alert: nil",
      "    ),",
      "    _settings: Settings.State(…),",
      "    _todos: Todos.State(…)",
      "  )",
      "step 4 of 4 · line 3 \"add milk\" · AppFeature.Action.todos(.add(\"milk\")) from the line",
      "  todos: 1 active, 0 completed (filter: all)",
      "    1. [ ] milk",
      "(No state changes)",
      "step 3 of 4 · line 2 \"fact\" · AppFeature.Action.numberFact(.factResponse(.success(\"1 is a stepped number.\"))) from an effect",
      "  todos: 0 active, 0 completed (filter: all)",
      "    no todos yet: add one with add <text>",
      "replayed 4 lines, 4 actions: identical",
      "  1. AppFeature.Action.counter(.incrementButtonTapped) (line)",
      "  2. AppFeature.Action.numberFact(.factButtonTapped) (line)",
      "> 3. AppFeature.Action.numberFact(.factResponse(.success(\"1 is a stepped number.\"))) (effect)",
      "  4. AppFeature.Action.todos(.add(\"milk\")) (line)",
      "step 1 of 4 · line 1 \"inc\" · AppFeature.Action.counter(.incrementButtonTapped) from the line",
      "  AppFeature.State(",
      "    _counter: Counter.State(",
      "-     _count: 0,",
      "+     _count: 1,",
      "      _step: #1 1",
      "    ),",
      "    _numberFact: NumberFact.State(",
      "      _count: Int(↩︎),",
      "      _kind: .trivia,",
      "      _isRequestInFlight: false,",
      "      _fact: nil,",
      "      _errorMessage: nil,",
      "      _history: [],",
      "      _alert: nil",
      "    ),",
      "    _settings: Settings.State(…),",
      "    _todos: Todos.State(…)",
      "  )",
      "step 0 of 4 · the start",
      "  count: 0",
      "",
    ])
  }

  @Test func stepsThroughASessionAtATerminal() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("run.session")
    _ = try await AppProcess(arguments: ["--data-dir", directory.file("data").path, "--record", session.path])
      .run(input: "inc\ninc\nquit\n")

    let stepper = try InteractiveApp(arguments: ["replay", session.path, "--step"], environment: ["TERM": "xterm"])
    defer { stepper.stop() }
    #expect(await stepper.waitFor("Stepping through run.session: replayed 3 lines, 2 actions: identical."))
    #expect(await stepper.press("go\t", thenSee: "goto "))
    #expect(await stepper.press("2\r", thenSee: "step 2 of 2"))
    #expect(await stepper.press("state\r", thenSee: "_count: 2"))
    #expect(await stepper.press("prev\r", thenSee: "step 1 of 2"))
    #expect(await stepper.quit() == 0)
  }

  @Test func aTypedRunReplaysTheFactArrivingAfterALineTypedMeanwhile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let answer = DispatchSemaphore(value: 0)
    let server = try LoopbackServer { path in
      answer.wait()
      return .text("\(path.split(separator: "/").first ?? "?") is a late number.")
    }
    defer { server.stop() }
    let session = directory.file("typed.session")
    let app = try InteractiveApp(
      arguments: ["--data-dir", directory.file("data").path, "--numbers-api", server.url.absoluteString, "--record", session.path],
      environment: ["TERM": "xterm"]
    )
    defer { app.stop() }
    #expect(await app.press("fact\r", thenSee: "loading"))
    #expect(await app.press("add milk\r", thenSee: "[ ] milk"))
    answer.signal()
    #expect(await app.waitFor("0 is a late number."))
    #expect(await app.quit() == 0)

    let text = try String(contentsOf: session, encoding: .utf8)
    #expect(text.hasPrefix(#"{"session":1,"feature":"app","interactive":true}"#))
    // NB: The terminal's height, as the run started, sets the list's page: recorded, replayed.
    #expect(text.contains(#"{"resize":14}"#))
    #expect(text.contains("pageSizeChanged(14)"))
    let add = try #require(text.range(of: #"{"line":"add milk"}"#))
    let fact = try #require(text.range(of: #"{"answer":"numberFact","call":1,"value":"0 is a late number."}"#))
    #expect(add.lowerBound < fact.lowerBound)

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")
    #expect(replayed.output == "replayed 3 lines, 4 actions: identical\n")
    #expect(replayed.status == 0)
  }

  @Test func aSessionThatCannotBeWrittenIsRefusedBeforeTheAppStarts() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await AppProcess(arguments: [
      "--data-dir", directory.file("data").path, "--record", directory.file("missing/run.session").path,
    ]).run(input: "inc\n")
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.error == "Cannot record the session to \(directory.file("missing/run.session").path): No such file or directory\n")
  }

  /// Whether `condition` holds within a few seconds, checked each time the file system may have
  /// changed (a bound against a hang; nothing is timed).
  static func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
    await onThread {
      let deadline = Date().addingTimeInterval(10)
      while !condition() {
        if Date() > deadline { return false }
        sched_yield()
      }
      return true
    }
  }
}
