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
