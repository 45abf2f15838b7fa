import ComposableCore
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A pushed screen — the top of a feature's stack — replaces the view under a breadcrumb; its
/// commands, `back`, help and its own questions work as the view's do, piped or typed.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramScreenTests {
  let transcript = Transcript()
  var written: LockIsolated<[String]> { transcript.written }
  var errors: LockIsolated<[String]> { transcript.errors }

  func run(_ lines: [String]) async -> (status: Int32, store: StoreOf<Notebook>) {
    let store = Store(initialState: Notebook.State()) { Notebook() }
    let status = await transcript.run(lines, store: store, view: NotebookView())
    return (status, store)
  }

  @Test func openingShowsTheScreenUnderItsBreadcrumbAndBackShowsTheListAgain() async {
    let (status, store) = await run(["open 2", "write index", "back"])
    #expect(status == 0)
    #expect(store.state.path.isEmpty)
    #expect(written.value == [
      "notebook › page 2\ntext: contents\n",
      "text: index\n",
      "1. cover\n2. contents\n",
    ])
    #expect(errors.value.isEmpty)
  }

  @Test func aLineAfterARedrawUsesTheScreenItDrewWithoutLookingAgain() async {
    let looks = LockIsolated(0)
    let commandLists = LockIsolated(0)
    let store = Store(initialState: Notebook.State()) { Notebook() }
    let status = await transcript.run(
      ["open 1", "write a", "wrte b", "write c", "back", "open 9"], store: store,
      view: LookCounting(looks: looks, commandLists: commandLists)
    )
    #expect(status == 0)
    #expect(written.value == ["notebook › page 1\ntext: cover\n", "text: a\n", "text: c\n", "1. cover\n2. contents\n"])
    // NB: One look for the first frame, then one per redraw (four lines changed the state);
    //     the lines themselves, the rejected one included, use the screen last drawn.
    #expect(looks.value == 5)
    // NB: The view's commands are asked for once, as a pushed screen's are.
    #expect(commandLists.value == 1)
  }

  @Test func onlyTheScreensCommandsAreUnderstoodWhileItIsOpen() async {
    let (_, store) = await run(["open 1", "open 2", "wrte x"])
    #expect(store.state.path.count == 1)
    #expect(errors.value == [
      #""open" is not a command of notebook › page 1 — type back first"# + "\n",
      #"unknown command "wrte" — did you mean "write"? type help"# + "\n",
    ])
  }

  @Test func backWithNothingOpenSaysSo() async {
    let (_, store) = await run(["back"])
    #expect(store.state.path.isEmpty)
    #expect(errors.value == ["nothing to go back to: no screen is open\n"])
  }

  @Test func helpListsTheScreensCommandsAndBack() async {
    _ = await run(["open 1", "help"])
    let help = written.value.last ?? ""
    #expect(help.hasPrefix("notebook › page 1\n"))
    #expect(help.contains("write <text>"))
    #expect(help.contains("tear"))
    #expect(help.contains("back"))
    #expect(help.contains("Return to the previous screen"))
    #expect(!help.contains("open <n>"))
  }

  @Test func theScreensQuestionIsAnsweredByTheNextLineAndItsDismissalPops() async {
    let (_, store) = await run(["open 1", "tear", "maybe", "y"])
    #expect(store.state.path.isEmpty)
    #expect(errors.value == [#"unknown answer "maybe" — type y or n"# + "\n"])
    #expect(written.value == [
      "notebook › page 1\ntext: cover\n",
      "Tear out page 1? [y/N]\n",
      "Tear out page 1? [y/N]\n",
      "1. cover\n2. contents\n",
    ])
  }
}

/// The notebook's view, counting how often the program looks for its pushed screen and asks
/// for its commands.
private struct LookCounting: TerminalView {
  let looks: LockIsolated<Int>
  let commandLists: LockIsolated<Int>
  let base = NotebookView()

  var commands: [Command] {
    commandLists.withValue { $0 += 1 }
    return base.commands
  }

  func interpret(_ invocation: Invocation, state: Notebook.State) throws(ArgumentError) -> CommandOutcome<Notebook.Action> {
    try base.interpret(invocation, state: state)
  }

  func render(_ state: Notebook.State, style: TextStyle) -> [String] {
    base.render(state, style: style)
  }

  func screen(for state: Notebook.State) -> TerminalScreen<Notebook.Action>? {
    looks.withValue { $0 += 1 }
    return base.screen(for: state)
  }
}
