import ComposableCore
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A view made of features scoped from one state draws each feature from one read of its state
/// — its lines, its pushed screen and its question together — and a redraw makes again only the
/// frames of the features whose state changed.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalScopeFrameTests {
  let transcript = Transcript()

  @Test func eachRedrawReadsEachFeaturesStateOnce() async {
    let reads = LockIsolated(0)
    let store = Store(initialState: Pair.State(reads: reads)) { Pair() }
    let status = await transcript.run(["add 1", "add 2", "add 3"], store: store, view: PairView())
    #expect(status == 0)
    #expect(transcript.written.value == ["tally: 1\nparity: odd\n", "tally: 3\n", "tally: 6\nparity: even\n"])
    // NB: Per line, one read to interpret the command and one by the reducer's `Scope`; then one
    //     per frame: the first draw and three redraws (were the lines, the screen and the
    //     question found apart, each frame would read it three times: 18 in all). A line after
    //     a redraw reads none: the whole frame is kept while the root state is unchanged.
    #expect(reads.value == 3 * 2 + 4)
  }

  @Test func aRedrawMakesOnlyTheFramesOfFeaturesThatChanged() async {
    let reads = LockIsolated(0)
    let renders = LockIsolated(0)
    let store = Store(initialState: Pair.State(reads: reads)) { Pair() }
    let status = await transcript.run(["add 1", "add 2"], store: store, view: PairView(signRenders: renders))
    #expect(status == 0)
    #expect(transcript.written.value == ["tally: 1\nparity: odd\n", "tally: 3\n"])
    // NB: The sign is rendered for the first frame only: the tally's changes leave its state as
    //     it was, and the tally's own frame is made again.
    #expect(renders.value == 1)
    #expect(reads.value == 2 * 2 + 3)
  }

  /// Typed, too: every send is followed by a redraw from the kept frames, and observation,
  /// armed for changes from outside a send, does not make the sign's frame again.
  @Test func typedARedrawMakesOnlyTheFramesOfFeaturesThatChanged() async {
    let renders = LockIsolated(0)
    let store = Store(initialState: Pair.State(reads: LockIsolated(0))) { Pair() }
    let status = await transcript.run(["add 1", "add 2"], store: store, view: PairView(signRenders: renders), isInteractive: true)
    #expect(status == 0)
    #expect(transcript.written.value.joined().contains("tally: 3"))
    #expect(renders.value == 1)
  }
}

/// A feature holding a tally whose state counts how often it is read, and a sign that never
/// changes.
private struct Pair: Reducer {
  @ObservableState
  struct State {
    @ObservationStateIgnored let reads: LockIsolated<Int>
    private var storedTally = Tally.State()
    var sign = Sign()

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
  }

  @CasePathable enum Action {
    case tally(Tally.Action)
    case sign(Never)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.tally, action: \.tally) { Tally() }
  }
}

/// A line that never changes.
@ObservableState
private struct Sign: Equatable {
  var text = "sign: open"
}

/// The pair's view: the tally's, and the sign's if asked, each scoped.
private struct PairView: TerminalView {
  var signRenders: LockIsolated<Int>?

  var body: some TerminalView<Pair.State, Pair.Action> {
    TerminalScope("Tally", state: \.tally, action: \.tally) { TallyView() }
    if let signRenders {
      TerminalScope("Sign", state: \.sign, action: \.sign) { SignView(renders: signRenders) }
    }
  }
}

/// A view of the sign, with no commands, counting its renders.
private struct SignView: TerminalView {
  let renders: LockIsolated<Int>

  var commands: [Command] { [] }

  func interpret(_ invocation: Invocation, state: Sign) throws(ArgumentError) -> CommandOutcome<Never> {
    throw ArgumentError("the sign has no commands")
  }

  func render(_ state: Sign, style: TextStyle) -> [String] {
    renders.withValue { $0 += 1 }
    return [state.text]
  }
}
