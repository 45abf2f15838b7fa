import ComposableCore
import TerminalUI
import Testing
@testable import TerminalRuntime

/// An alert in state is a question the next line answers, piped or typed; a line that names
/// no answer says what to type and asks again.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramPromptTests {
  let transcript = Transcript()
  var written: LockIsolated<[String]> { transcript.written }
  var errors: LockIsolated<[String]> { transcript.errors }

  func run(_ lines: [String], isInteractive: Bool = false) async -> (status: Int32, store: StoreOf<Zeroing>) {
    let store = Store(initialState: Zeroing.State()) { Zeroing() }
    let status = await transcript.run(lines, store: store, view: ZeroingView(), isInteractive: isInteractive)
    return (status, store)
  }

  @Test func theNextLineAnswersTheQuestion() async {
    let (status, store) = await run(["add 3", "zero", "y", "add 1"])
    #expect(status == 0)
    #expect(store.state.count == 1)
    #expect(written.value == [
      "count: 3\n",
      "Set 3 back to zero? [y/N]\n",
      "count: 0\n",
      "count: 1\n",
    ])
    #expect(errors.value.isEmpty)
  }

  @Test func anEmptyLineOrNoCancelsAndTheNextLineIsACommandAgain() async {
    let (_, store) = await run(["add 3", "zero", "", "zero", "NO", "add 1"])
    #expect(store.state.count == 4)
    #expect(store.state.alert == nil)
    #expect(written.value == [
      "count: 3\n",
      "Set 3 back to zero? [y/N]\n",
      "Set 3 back to zero? [y/N]\n",
      "count: 4\n",
    ])
  }

  @Test func anUnknownAnswerSaysWhatToTypeAndAsksAgain() async {
    let (_, store) = await run(["add 2", "zero", "add 5", "yes"])
    #expect(store.state.count == 0)
    #expect(errors.value == [#"unknown answer "add 5" — type y or n"# + "\n"])
    #expect(written.value == [
      "count: 2\n",
      "Set 2 back to zero? [y/N]\n",
      "Set 2 back to zero? [y/N]\n",
      "count: 0\n",
    ])
  }

  @Test func aButtonsLabelAnswersToo() async {
    let (_, store) = await run(["add 2", "zero", "Zero"])
    #expect(store.state.count == 0)
    #expect(errors.value.isEmpty)
  }

  @Test func quitStillLeavesWhileAQuestionIsAsked() async {
    let (status, store) = await run(["add 2", "zero", "quit", "y"])
    #expect(status == 0)
    #expect(store.state.count == 2)
  }
}
