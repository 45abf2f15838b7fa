import ComposableCore
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A view made of features scoped from one store draws each feature from one read of its state:
/// its lines, its pushed screen and its question together.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ScopedTerminalViewFrameTests {
  let transcript = Transcript()

  @Test func eachRedrawReadsEachFeaturesStateOnce() async {
    let reads = LockIsolated(0)
    let store = Store(initialState: Pair.State(reads: reads)) { Pair() }
    let status = await transcript.run(["add 1", "add 2", "add 3"], store: store, view: PairView())
    #expect(status == 0)
    #expect(transcript.written.value == ["tally: 1\nparity: odd\n", "tally: 3\n", "tally: 6\nparity: even\n"])
    // NB: Per line, one read to interpret the command and one by the reducer's `Scope`; then one
    //     per frame: the first screen and three redraws (were the lines, the screen and the
    //     question found apart, each frame would read it three times: 18 in all).
    #expect(reads.value == 3 * 2 + 4)
  }

  @Test func aRedrawMakesOnlyTheFramesOfFeaturesThatChanged() async {
    let reads = LockIsolated(0)
    let store = Store(initialState: Pair.State(reads: reads)) { Pair() }
    let status = await transcript.run(["add 1", "add 2"], store: store, view: PairView(withSign: true))
    #expect(status == 0)
    #expect(transcript.written.value == ["tally: 1\nparity: odd\n", "tally: 3\n"])
    // NB: The sign's state is read for the first frame only: the tally's changes leave it as
    //     it was, and the tally's own frame is made again (2 × 2 reads per line, as above).
    #expect(store.withState(\.signReads) == 1)
    #expect(reads.value == 2 * 2 + 3)
  }
}

/// A feature holding a tally whose state counts how often it is read, and a sign that never
/// changes.
private struct Pair: Reducer {
  @ObservableState
  struct State {
    let reads: LockIsolated<Int>
    private var storedTally = Tally.State()

    init(reads: LockIsolated<Int>) {
      self.reads = reads
    }

    var tally: Tally.State {
      get {
        reads.withValue { $0 += 1 }
        return storedTally
      }
      set { storedTally = newValue }
    }

    /// How often ``sign`` was read.
    var signReads: Int { signReadCount.value }
    private let signReadCount = LockIsolated(0)

    /// A line that never changes.
    var sign: String {
      signReadCount.withValue { $0 += 1 }
      return "sign: open"
    }
  }

  @CasePathable enum Action {
    case tally(Tally.Action)
    case never(Never)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.tally, action: \.tally) { Tally() }
  }
}

/// The pair's view: the tally's, scoped, read through the store.
private struct PairView: StoreTerminalView {
  let tally: ScopedTerminalView<Pair.State, Pair.Action>
  let sign: ScopedTerminalView<Pair.State, Pair.Action>?

  @MainActor init(withSign: Bool = false) {
    tally = ScopedTerminalView(TallyView(), state: \.tally, action: \.tally)
    sign = withSign ? ScopedTerminalView(SignView(), state: \.sign, action: \.never) : nil
  }

  var commands: [Command] { tally.commands }

  func render(_ store: StoreOf<Pair>, style: TextStyle) -> [String] {
    tally.render(store, style: style)
  }

  func interpret(_ invocation: Invocation, store: StoreOf<Pair>) throws(ArgumentError) -> CommandOutcome<Pair.Action> {
    try tally.interpret(invocation, store: store)
  }

  func prompt(for store: StoreOf<Pair>) -> TerminalPrompt<Pair.Action>? {
    tally.prompt(for: store)
  }

  func screen(for store: StoreOf<Pair>) -> TerminalScreen<Pair.Action>? {
    tally.screen(for: store)
  }

  func frame(for store: StoreOf<Pair>, style: TextStyle) -> TerminalFrame<Pair.Action> {
    guard let sign else { return tally.frame(for: store, style: style) }
    let frames = [tally.frame(for: store, style: style), sign.frame(for: store, style: style)]
    return TerminalFrame(lines: frames.flatMap(\.lines), screen: nil, prompt: nil)
  }

  func interpret(_ invocation: Invocation, state: Pair.State) throws(ArgumentError) -> CommandOutcome<Pair.Action> {
    try tally.interpret(invocation, state: state)
  }

  func render(_ state: Pair.State, style: TextStyle) -> [String] {
    tally.render(state, style: style)
  }
}

/// A view of a line of text, with no commands.
private struct SignView: TerminalView {
  var commands: [Command] { [] }

  func interpret(_ invocation: Invocation, state: String) throws(ArgumentError) -> CommandOutcome<Never> {
    throw ArgumentError("the sign has no commands")
  }

  func render(_ state: String, style: TextStyle) -> [String] {
    [state]
  }
}
