import ComposableCore
import Persistence
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A kept frame is made again when its state changes, or when a shared value it read
/// has changed since — even one changed right after the read, while the frame was being made.
@MainActor
struct TerminalFrameCacheTests {
  @Test func aFrameIsKeptWhileItsStateIsUnchangedAndMadeAgainAfterAChange() {
    let cache = TerminalFrameCache()
    var state = Holder.State(counted: Counted.State(count: Shared(value: 1)))
    let view = HolderView(changeOnce: LockIsolated(false))
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    #expect(cache.madeInAll == 1)
    state.counted.label = "total"
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["total: 1"])
    #expect(cache.madeInAll == 2)
    #expect(view.frame(for: state, style: .ansi, cache: cache).lines == ["total: 1"])
    #expect(cache.madeInAll == 3)
  }

  @Test func aChildStateReplacedByAnotherIsDrawn() {
    let cache = TerminalFrameCache()
    var state = Holder.State(counted: Counted.State(count: Shared(value: 1)))
    let view = HolderView(changeOnce: LockIsolated(false))
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    state.counted = Counted.State(count: Shared(value: 7), label: "total")
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["total: 7"])
    #expect(cache.madeInAll == 2)
  }

  /// Writes to state that is not `@ObservableState` are not announced, a child state replaced
  /// in it included: its frames are made again after every send.
  @Test func aChildStateReplacedInStateThatIsNotObservableIsDrawnAfterASend() {
    let cache = TerminalFrameCache()
    var state = PlainHolder(counted: Counted.State(count: Shared(value: 1)))
    let view = PlainHolderView()
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    state.counted = Counted.State(count: Shared(value: 7))
    #expect(cache.markUntrackedFramesStale())
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 7"])
  }

  /// A composed view asks again only the child whose frame is stale: the other child's state is
  /// not even read (its key path counts the reads).
  @Test func aComposedViewAsksOnlyTheChildWhoseFrameIsStale() {
    let cache = TerminalFrameCache()
    let reads = LockIsolated(0)
    var state = Pair.State(
      first: Counted.State(count: Shared(value: 1)),
      second: Counted.State(count: Shared(value: 2)),
      secondReads: reads
    )
    let view = PairView()
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1", "count: 2"])
    #expect(reads.value == 1)
    state.first.label = "first"
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["first: 1", "count: 2"])
    #expect(reads.value == 1)
    #expect([cache.child(0).madeInAll, cache.child(1).madeInAll] == [2, 1])
    state.second.label = "second"
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["first: 1", "second: 2"])
    #expect(reads.value == 2)
  }

  @Test func aSharedValueChangedSinceTheFrameReadItMakesTheFrameAgain() {
    let cache = TerminalFrameCache()
    let state = Counted.State(count: Shared(value: 1))
    let view = CountedView(changeOnce: LockIsolated(false))
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    state.$count.withLock { $0 = 2 }
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 2"])
  }

  @Test func aChangeRightAfterTheReadMakesTheFrameAgain() {
    let cache = TerminalFrameCache()
    let state = Counted.State(count: Shared(value: 1))
    // NB: stands in for the file watcher's thread, which takes the other process's change
    //     between the frame's read and the moment it is kept.
    let view = CountedView(changeOnce: LockIsolated(true))
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 1"])
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["count: 3"])
  }
}

/// The same window for a typed program, which tracks its display to redraw at an idle prompt: a
/// shared value changed after the display read it and before the tracking was installed is drawn
/// by the next redraw, whether the frame that read it is the view's own or a scoped child's.
@MainActor
struct TypedProgramChangeWindowTests {
  let transcript = Transcript()

  @Test func aChangeBetweenTheReadAndTheTrackingIsDrawn() async {
    @Shared(value: 1) var count
    let store = Store(initialState: Counted.State(count: $count)) { Counted() }
    let status = await transcript.run(["nothing"], store: store, view: CountedView(changeOnce: LockIsolated(true)), isInteractive: true)
    #expect(status == 0)
    #expect(transcript.written.value.joined().contains("count: 3"), "\(transcript.written.value)")
  }

  @Test func aChangeBetweenTheReadAndTheTrackingOfAScopedFrameIsDrawn() async {
    @Shared(value: 1) var count
    let store = Store(initialState: Holder.State(counted: Counted.State(count: $count))) { Holder() }
    let view = HolderView(changeOnce: LockIsolated(true))
    let status = await transcript.run(["nothing"], store: store, view: view, isInteractive: true)
    #expect(status == 0)
    #expect(transcript.written.value.joined().contains("count: 3"), "\(transcript.written.value)")
  }

  /// Piped, nothing is drawn between lines: a change from outside is drawn with the next send,
  /// so the output is the same on every run.
  @Test func pipedAChangeFromOutsideIsDrawnWithTheNextSend() async {
    @Shared(value: 1) var count
    let store = Store(initialState: Holder.State(counted: Counted.State(count: $count))) { Holder() }
    let view = HolderView(changeOnce: LockIsolated(false))
    let status = await transcript.run(["outside 5", "noop"], store: store, view: view)
    #expect(status == 0)
    #expect(transcript.written.value == ["count: 5\n"])
  }
}

/// A parent holding ``Counted``, drawn through a scoped view and its kept frame.
private struct Holder: Reducer {
  @ObservableState
  struct State { var counted: Counted.State }
  @CasePathable enum Action { case counted(Counted.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.counted, action: \.counted) { Counted() }
  }
}

/// Two counted features side by side; the second is read through a key path that counts its
/// reads.
private struct Pair {
  @ObservableState
  struct State {
    var first: Counted.State
    var second: Counted.State
    @ObservationStateIgnored var secondReads: LockIsolated<Int>

    var countedSecond: Counted.State {
      secondReads.withValue { $0 += 1 }
      return second
    }
  }
  @CasePathable enum Action {
    case first(Counted.Action)
    case second(Counted.Action)
  }
}

/// Both counted features' views, scoped.
private struct PairView: TerminalView {
  var body: some TerminalView<Pair.State, Pair.Action> {
    TerminalScope("First", state: \.first, action: \.first) { CountedView(changeOnce: LockIsolated(false)) }
    TerminalScope("Second", state: \.countedSecond, action: \.second) { CountedView(changeOnce: LockIsolated(false)) }
  }
}

/// A parent holding ``Counted`` in state that is not `@ObservableState`.
private struct PlainHolder {
  var counted: Counted.State
}

/// Its view: the counted feature's, scoped.
private struct PlainHolderView: TerminalView {
  var body: some TerminalView<PlainHolder, Holder.Action> {
    TerminalScope("Counted", state: \.counted, action: \.counted) { CountedView(changeOnce: LockIsolated(false)) }
  }
}

/// The parent's view: the counted feature's, scoped.
private struct HolderView: TerminalView {
  let changeOnce: LockIsolated<Bool>

  var body: some TerminalView<Holder.State, Holder.Action> {
    TerminalScope("Counted", state: \.counted, action: \.counted) { CountedView(changeOnce: changeOnce) }
  }
}

/// A feature showing a shared count under a label, with a command that changes nothing.
private struct Counted: Reducer {
  @ObservableState
  struct State: Equatable {
    @Shared var count: Int
    var label = "count"
  }
  enum Action { case noop }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Its view changes the count once, if asked, right after reading it: the way another thread's
/// change lands between the read and the tracking.
private struct CountedView: TerminalView {
  let changeOnce: LockIsolated<Bool>

  var commands: [Command] {
    [Command("noop", summary: "Change nothing"), Command("outside", arguments: "<n>", summary: "Change the count as another process would")]
  }

  func interpret(_ invocation: Invocation, state: Counted.State) throws(ArgumentError) -> CommandOutcome<Counted.Action> {
    guard invocation.command.name == "outside" else { return .send(.noop) }
    // NB: outside any send, as the file watcher's change from another process is.
    let value = try invocation.integer(at: 0, named: "n", in: 0...9)
    state.$count.withLock { $0 = value }
    return .print([])
  }

  func render(_ state: Counted.State, style: TextStyle) -> [String] {
    let lines = ["\(state.label): \(state.count)"]
    let changes = changeOnce.withValue { isFirst in
      defer { isFirst = false }
      return isFirst
    }
    if changes { state.$count.withLock { $0 = 3 } }
    return lines
  }
}
