import ComposableCore
import Persistence
import TerminalUI
import Testing
@testable import TerminalRuntime

/// A shared value changed on another thread right after a frame read it — before the frame's
/// observation tracking is installed — must not leave the frame kept with the old value: the
/// tracking installed after the change never hears of it.
@MainActor
struct FeatureFrameCacheTests {
  final class Owner {}

  @Test func aChangeBetweenTheReadAndTheTrackingMakesTheFrameAgain() {
    @Shared(value: 1) var count
    let shared = $count
    let cache = FeatureFrameCache<Never>()
    let owner = Owner()
    var changeOnce = true
    func frame() -> [String] {
      cache.frame(for: owner, style: .plain) {
        let lines = ["count: \(shared.wrappedValue)"]
        // NB: stands in for the file watcher's thread, which takes the other process's change
        //     between the read above and the installation of the tracking.
        if changeOnce {
          changeOnce = false
          shared.withLock { $0 = 3 }
        }
        return TerminalFrame(lines: lines, screen: nil, prompt: nil)
      }.lines
    }
    #expect(frame() == ["count: 1"])
    #expect(frame() == ["count: 3"])
  }
}

/// The same window for the whole screen: a shared value changed after the screen read it and
/// before the session's tracking was installed is drawn by the next redraw.
@MainActor
struct SessionChangeWindowTests {
  let transcript = Transcript()

  @Test func aChangeBetweenTheReadAndTheTrackingIsDrawn() async {
    @Shared(value: 1) var count
    let store = Store(initialState: Counted.State(count: $count)) { Counted() }
    let status = await transcript.run(["nothing"], store: store, view: CountedView(changeOnce: LockIsolated(true)))
    #expect(status == 0)
    #expect(transcript.written.value.joined().contains("count: 3"), "\(transcript.written.value)")
  }

  @Test func aChangeBetweenTheReadAndTheTrackingOfAScopedFrameIsDrawn() async {
    @Shared(value: 1) var count
    let store = Store(initialState: Holder.State(counted: Counted.State(count: $count))) { Holder() }
    let view = HolderView(changeOnce: LockIsolated(true))
    let status = await transcript.run(["nothing"], store: store, view: view)
    #expect(status == 0)
    #expect(transcript.written.value.joined().contains("count: 3"), "\(transcript.written.value)")
  }
}

/// A parent holding ``Counted``, drawn through a scoped view and its kept frame.
private struct Holder: Reducer {
  struct State { var counted: Counted.State }
  @CasePathable enum Action { case counted(Counted.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.counted, action: \.counted) { Counted() }
  }
}

/// The parent's view: the counted feature's, scoped, its frame kept until what it read changes.
private struct HolderView: StoreTerminalView {
  let counted: ScopedTerminalView<Holder.State, Holder.Action>

  @MainActor init(changeOnce: LockIsolated<Bool>) {
    counted = ScopedTerminalView(CountedView(changeOnce: changeOnce), state: \.counted, action: \.counted)
  }

  var commands: [Command] { counted.commands }

  func render(_ store: StoreOf<Holder>, style: TextStyle) -> [String] { counted.render(store, style: style) }

  func interpret(_ invocation: Invocation, store: StoreOf<Holder>) throws(ArgumentError) -> CommandOutcome<Holder.Action> {
    try counted.interpret(invocation, store: store)
  }

  func prompt(for store: StoreOf<Holder>) -> TerminalPrompt<Holder.Action>? { counted.prompt(for: store) }

  func screen(for store: StoreOf<Holder>) -> TerminalScreen<Holder.Action>? { counted.screen(for: store) }

  func frame(for store: StoreOf<Holder>, style: TextStyle) -> TerminalFrame<Holder.Action> {
    counted.frame(for: store, style: style)
  }

  func interpret(_ invocation: Invocation, state: Holder.State) throws(ArgumentError) -> CommandOutcome<Holder.Action> {
    try counted.interpret(invocation, state: state)
  }

  func render(_ state: Holder.State, style: TextStyle) -> [String] { counted.render(state, style: style) }
}

/// A feature showing a shared count, with a command that changes nothing.
private struct Counted: Reducer {
  struct State { @Shared var count: Int }
  enum Action { case noop }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Its view changes the count once, right after reading it: the way another thread's change
/// lands between the read and the tracking.
private struct CountedView: GroupedTerminalView {
  let changeOnce: LockIsolated<Bool>

  var commandGroups: [CommandGroup] {
    [CommandGroup(title: "Counted", commands: [Command("noop", summary: "Change nothing")])]
  }

  func interpret(_ invocation: Invocation, state: Counted.State) throws(ArgumentError) -> CommandOutcome<Counted.Action> {
    .send(.noop)
  }

  func render(_ state: Counted.State, style: TextStyle) -> [String] {
    let lines = ["count: \(state.count)"]
    let changes = changeOnce.withValue { isFirst in
      defer { isFirst = false }
      return isFirst
    }
    if changes { state.$count.withLock { $0 = 3 } }
    return lines
  }
}
