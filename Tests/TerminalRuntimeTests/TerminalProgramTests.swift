import ComposableCore
import TerminalUI
import TestClocks
import Testing
@testable import TerminalRuntime

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramTests {
  let written = LockIsolated<[String]>([])
  let errors = LockIsolated<[String]>([])
  var output: TerminalOutput {
    TerminalOutput(
      output: { [written] text in written.withValue { $0.append(text) } },
      error: { [errors] text in errors.withValue { $0.append(text) } }
    )
  }

  func run(
    _ events: [TerminalEvent],
    clock: some Clock<Duration> = ImmediateClock(),
    isInteractive: Bool = false,
    onExit: @escaping () async -> Void = {}
  ) async -> (status: Int32, store: StoreOf<Tally>) {
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    let program = TerminalProgram(
      store: store, view: TallyView(),
      configuration: .init(isInteractive: isInteractive, banner: ["Tally"]),
      output: output, onExit: onExit
    )
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for event in events { continuation.yield(event) }
    continuation.finish()
    return (await program.run(.events(stream)), store)
  }

  @Test func pipedCommandsPrintOnlyWhatChanged() async {
    let (status, store) = await run([.line("add 1"), .line("add 2"), .line("show"), .end])
    #expect(status == 0)
    #expect(store.state.count == 3)
    #expect(written.value == [
      "tally: 1\nparity: odd\n",
      "tally: 3\n",
      "tally: 3\nparity: odd\n",
    ])
    #expect(errors.value.isEmpty)
  }

  /// A pulled input is asked for each event once the program has handled the one before, on the
  /// program's actor: the source sees the state each line left.
  @Test func aPulledInputIsAskedForEachEventOnceTheOneBeforeIsHandled() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    let program = TerminalProgram(
      store: store, view: TallyView(), configuration: .init(isInteractive: false), output: output
    )
    var seen: [Int] = []
    var lines = ["add 1", "add 2", "add 3"][...]
    let status = await program.run(.queue(TerminalInput {
      seen.append(store.state.count)
      return lines.popFirst().map { .line($0) }
    }))
    #expect(status == 0)
    #expect(seen == [0, 1, 3, 6])
    #expect(written.value == ["tally: 1\nparity: odd\n", "tally: 3\n", "tally: 6\nparity: even\n"])
  }

  /// Piped, the output is gathered (``TerminalOutput/gathered()``) and written out before the
  /// program waits for a line, and before it waits for an effect: a script that waits for an
  /// answer before sending its next line gets it.
  @Test func pipedTheOutputIsWrittenOutBeforeTheProgramWaits() async {
    let log = LockIsolated<[String]>([])
    let gathering = TerminalOutput(
      output: { text in log.withValue { $0.append(text) } },
      error: { _ in },
      flush: { log.withValue { $0.append("<written out>") } }
    )
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let program = TerminalProgram(
      store: store, view: TallyView(), configuration: .init(isInteractive: false), output: gathering
    )
    var seen: [[String]] = []
    var lines = ["add 1", "slow"][...]
    let status = await program.run(.queue(TerminalInput {
      seen.append(log.value)
      return lines.popFirst().map { .line($0) }
    }))
    #expect(status == 0)
    #expect(seen == [
      ["<written out>"],
      ["<written out>", "tally: 1\nparity: odd\n", "<written out>"],
      ["<written out>", "tally: 1\nparity: odd\n", "<written out>", "<written out>", "tally: 101\n", "<written out>"],
    ])
  }

  @Test func pipedCommandsWaitForTheirEffects() async {
    let (_, store) = await run([.line("slow"), .line("add 1"), .end])
    #expect(store.state.count == 101)
    #expect(written.value == ["tally: 100\n", "tally: 101\nparity: odd\n"])
  }

  @Test func badLinesGiveClearMessagesAndTheProgramGoesOn() async {
    let (status, store) = await run([
      .line("ad 1"), .line("add x"), .line(#"add "1"#), .line("zzzz"), .unreadable("line is not valid UTF-8 text, ignored"),
      .line("add 1"), .end,
    ])
    #expect(status == 0)
    #expect(store.state.count == 1)
    #expect(errors.value == [
      "unknown command \"ad\" — did you mean \"add\"? type help\n",
      "n must be a whole number from 1 to 9, got \"x\"\n",
      "unclosed \" quote\n",
      "unknown command \"zzzz\" — type help\n",
      "line is not valid UTF-8 text, ignored\n",
    ])
  }

  @Test func helpListsCommandsByGroup() async {
    _ = await run([.line("help"), .line("help slow"), .end])
    #expect(written.value == [
      """
      Tally
        add <n>  Add n
        slow     Add 100 after a second
        show     Show the tally
      General
        help, ? [command]  List the commands, or explain one
        quit, exit         Save and leave

      """,
      "  slow  Add 100 after a second\n",
    ])
  }

  @Test func quitStopsReadingAndRunsOnExit() async {
    let exited = LockIsolated(false)
    let (status, store) = await run([.line("add 1"), .line("quit"), .line("add 2")]) {
      exited.setValue(true)
    }
    #expect(status == 0)
    #expect(store.state.count == 1)
    #expect(exited.value)
  }

  @Test func theEndOfInputLetsRunningEffectsFinish() async {
    let clock = SleepCountingClock()
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    // NB: The shutdown's timeout is real time; a slow machine (a sanitized build, a busy CI)
    // must not reach it before the test advances the clock.
    let program = TerminalProgram(
      store: store, view: TallyView(),
      configuration: .init(isInteractive: true, shutdownTimeout: .seconds(600)), output: output
    )
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    continuation.yield(.line("slow"))
    continuation.yield(.end)
    async let status = program.run(.events(stream))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    #expect(await status == 0)
    #expect(store.state.count == 100)
  }

  @Test func anInterruptCancelsEffectsFlushesAndReturns130() async {
    let clock = TestClock()
    let exited = LockIsolated(false)
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    let program = TerminalProgram(
      store: store, view: TallyView(), configuration: .init(isInteractive: false), output: output,
      onExit: { exited.setValue(true) }
    )
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    continuation.yield(.line("slow"))
    continuation.yield(.interrupt)
    continuation.yield(.line("add 1"))
    let status = await program.run(.events(stream))
    #expect(status == 130)
    #expect(exited.value)
    #expect(store.state.count == 0)
    #expect(store._effectCount.tasks == 0)
  }

  @Test func interactiveRunsShowABannerTheDisplayAndPrompts() async {
    _ = await run([.line("add 1"), .end], isInteractive: true)
    #expect(written.value == ["Tally\ntally: 0\nparity: even\n", "> ", "tally: 1\nparity: odd\n", "> "])
  }
}
