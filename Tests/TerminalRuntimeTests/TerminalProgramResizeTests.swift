import ComposableCore
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A list that shows a page of the terminal's height, as the todos do: its page size is state,
/// set by the action its view asks for when the terminal's height is another.
private struct Pager: Reducer {
  struct State: Equatable { var pageSize = 20 }
  @CasePathable enum Action: Equatable { case pageSizeChanged(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .pageSizeChanged(let size):
      state.pageSize = size
      return .none
    }
  }
}

private struct PagerView: TerminalView {
  var commands: [Command] { [Command("show", summary: "Show the page size")] }

  func interpret(_ invocation: Invocation, state: Pager.State) throws(ArgumentError) -> CommandOutcome<Pager.Action> {
    .print(render(state, style: .plain))
  }

  func render(_ state: Pager.State, style: TextStyle) -> [String] {
    ["page: \(state.pageSize) rows"]
  }

  func terminalResized(rows: Int, state: Pager.State) -> [Pager.Action] {
    rows == state.pageSize ? [] : [.pageSizeChanged(rows)]
  }
}

/// Two lists side by side, as a parent composes its children's views.
private struct Pair: Reducer {
  struct State: Equatable {
    var left = Pager.State()
    var right = Pager.State()
  }
  @CasePathable enum Action: Equatable {
    case left(Pager.Action)
    case right(Pager.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Pager() }
    Scope(state: \.right, action: \.right) { Pager() }
  }
}

private struct PairView: TerminalView {
  var body: some TerminalView<Pair.State, Pair.Action> {
    TerminalScope("Left", state: \.left, action: \.left) { PagerView() }
    TerminalScope("Right", state: \.right, action: \.right) { PagerView() }
  }
}

/// Typed, the views learn the terminal's height before the first draw and after each resize
/// (``TerminalEvent/resized(rows:)``); piped, nothing tells them, and a page is the same on every
/// terminal.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramResizeTests {
  let written = LockIsolated<[String]>([])
  var output: TerminalOutput {
    TerminalOutput(output: { [written] text in written.withValue { $0.append(text) } }, error: { _ in })
  }

  fileprivate func run(
    _ events: [TerminalEvent], isInteractive: Bool, terminalRows: (() -> Int)?
  ) async -> StoreOf<Pair> {
    let store = Store(initialState: Pair.State()) { Pair() }
    let program = TerminalProgram(
      store: store, view: PairView(),
      configuration: .init(isInteractive: isInteractive, terminalRows: terminalRows),
      output: output
    )
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for event in events { continuation.yield(event) }
    continuation.finish()
    _ = await program.run(.events(stream))
    return store
  }

  @Test func aTypedRunTellsEveryViewTheHeightBeforeTheFirstDraw() async {
    let store = await run([.end], isInteractive: true, terminalRows: { 7 })
    #expect(store.state == Pair.State(left: .init(pageSize: 7), right: .init(pageSize: 7)))
    #expect(written.value.first == "page: 7 rows\npage: 7 rows\n")
  }

  @Test func aResizeSendsTheViewsActionsAndAsksForNoLine() async {
    let store = await run([.resized(rows: 12), .resized(rows: 12), .end], isInteractive: true, terminalRows: { 7 })
    #expect(store.state.left.pageSize == 12)
    #expect(store.state.right.pageSize == 12)
    // NB: each send's redraw shows the prompt again under what changed; the resize itself asks
    //     for no line (one may be half typed), and the same height again sends nothing.
    #expect(written.value == [
      "page: 7 rows\npage: 7 rows\n", "> ",
      "\n", "page: 12 rows\n", "> ",
      "\n", "page: 12 rows\n", "> ",
    ])
  }

  @Test func pipedTheViewsAreToldNothingUnlessAResizeIsAnEvent() async {
    let piped = await run([.line("show"), .end], isInteractive: false, terminalRows: nil)
    #expect(piped.state == Pair.State())
    #expect(written.value == ["page: 20 rows\n"])

    // NB: a replay feeds the resize a typed run recorded.
    let replayed = await run([.resized(rows: 5), .end], isInteractive: false, terminalRows: nil)
    #expect(replayed.state.left.pageSize == 5)
  }

  @Test func aComposedViewEmbedsEachChildsActionsInOrder() {
    let actions = PairView().terminalResized(rows: 3, state: Pair.State(left: .init(pageSize: 3)))
    #expect(actions == [.right(.pageSizeChanged(3))])
    #expect(PairView().terminalResized(rows: 20, state: Pair.State()).isEmpty)
  }
}
