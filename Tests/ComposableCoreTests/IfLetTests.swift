import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct IfLetTests {
  let clock = SleepCountingClock()

  @Test func nilingTheChildCancelsItsEffects() async {
    let store = Store(initialState: Tickers.State()) { Tickers() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.present)
    let timer = store.send(.optional(.start))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.optional?.ticks == 1 }
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.optional?.ticks == 2 }
    await clock.waitForSleeps(3)
    #expect(store._effectCount.tasks == 1)

    store.send(.dismiss)
    #expect(store._effectCount.tasks == 0)
    await timer.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.optional == nil)
  }

  /// A child that has run no effect yet is not read for its parent's actions
  /// (`NavigationEffectsMark`); the effects it starts afterwards end when it goes, all the same.
  @Test func effectsStartedAfterActionsForTheParentEndWhenTheChildGoes() async {
    let store = Store(initialState: Blinkers.State()) { Blinkers() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.present)
    store.send(.rename)
    store.send(.blinker(.blink))
    #expect(store.state == Blinkers.State(name: "renamed", blinker: Blinker.State(blinks: 1)))
    store.send(.blinker(.start))
    await clock.waitForSleeps(1)
    #expect(store._effectCount.tasks == 1)
    store.send(.rename)
    #expect(store._effectCount.tasks == 1)

    store.send(.dismiss)
    #expect(store._effectCount.tasks == 0)
    #expect(store.state == Blinkers.State(name: "renamed", blinker: nil))
  }

  @Test func aChildActionWhileChildStateIsNilIsReported() {
    let store = Store(initialState: Tickers.State()) { Tickers() }
    withKnownIssue {
      store.send(.optional(.tick))
    } matching: { issue in
      String(describing: issue).contains(#"An "ifLet" at "ComposableCoreTests/Ticker.swift:"#)
        && String(describing: issue).contains(#"received a child action when child state was "nil""#)
    }
    #expect(store.state.optional == nil)
  }
}

/// A child whose identity is its type alone (not `Identifiable`), reached through a computed
/// property, as TCA's benchmark keeps its child; its path is this test's own, so no other test
/// has tagged effects under it.
private struct Blinker: Reducer {
  struct State: Equatable { var blinks = 0 }
  @CasePathable enum Action { case blink, start }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .blink:
      state.blinks += 1
      return .none
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.blink) }
      }
    }
  }
}

private struct Blinkers: Reducer {
  struct State: Equatable {
    var name = ""
    var stored: Blinker.State?
    var blinker: Blinker.State? {
      get { stored }
      set { stored = newValue }
    }

    init(name: String = "", blinker: Blinker.State? = nil) {
      self.name = name
      self.stored = blinker
    }
  }
  @CasePathable enum Action { case blinker(Blinker.Action), dismiss, present, rename }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .blinker:
        return .none
      case .dismiss:
        state.blinker = nil
        return .none
      case .present:
        state.blinker = Blinker.State()
        return .none
      case .rename:
        state.name = "renamed"
        return .none
      }
    }
    .ifLet(\.blinker, action: \.blinker) { Blinker() }
  }
}
