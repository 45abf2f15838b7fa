import ComposableCore
import TerminalUI
import TestClocks
import Testing
@testable import TerminalRuntime

/// What a program does with the line editor's events and questions, without a terminal.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramEditorTests {
  let transcript = Transcript()

  func program(clock: some Clock<Duration> = TestClock(), onExit: @escaping () async -> Void = {}) -> (TerminalProgram<TallyView>, StoreOf<Tally>) {
    let store = Store(initialState: Tally.State()) { Tally() } withDependencies: {
      $0.continuousClock = clock
    }
    let program = TerminalProgram(
      store: store, view: TallyView(),
      configuration: .init(isInteractive: true, shutdownTimeout: .seconds(600)),
      output: transcript.output, onExit: onExit
    )
    return (program, store)
  }

  func run(_ program: TerminalProgram<TallyView>, _ events: [TerminalEvent]) async -> Int32 {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for event in events { continuation.yield(event) }
    continuation.finish()
    return await program.run(.events(stream))
  }

  static let hint = "(To leave, press Ctrl-C again or type quit.)\n"

  @Test func ctrlCAtAnEmptyIdlePromptWarnsAndASecondLeavesAfterSaving() async {
    let exited = LockIsolated(false)
    let (program, _) = program(onExit: { exited.setValue(true) })
    let status = await run(program, [.interruptedLine(""), .interruptedLine(""), .line("add 1")])
    #expect(status == 130)
    #expect(exited.value)
    #expect(transcript.written.value.filter { $0 == Self.hint }.count == 1)
  }

  @Test func ctrlCOnATypedLineOnlyClearsItAndAnythingBetweenTwoStartsOver() async {
    let (program, store) = program()
    let status = await run(program, [
      .interruptedLine("add 5"), .interruptedLine(""), .line("add 1"), .interruptedLine(""), .end,
    ])
    #expect(status == 0)
    #expect(store.state.count == 1)
    #expect(transcript.written.value.filter { $0 == Self.hint }.count == 2)
  }

  @Test func ctrlCCancelsRunningEffectsWithoutWarning() async {
    let (program, store) = program()
    let status = await run(program, [.line("slow"), .interruptedLine(""), .end])
    #expect(status == 0)
    #expect(store.state.count == 0)
    #expect(store._effectCount.tasks == 0)
    #expect(!transcript.written.value.contains(Self.hint))
  }

  @Test func tabCompletesTheCommandsUnderstoodNowAndTheBuiltInOnes() {
    let (program, _) = program()
    #expect(program.completion(of: "sh").insertion == "ow ")
    #expect(program.completion(of: "s").choicesToList == ["show", "slow"])
    #expect(program.completion(of: "he").insertion == "lp ")
    #expect(program.completion(of: "help a").insertion == "dd ")
  }
}
