import ComposableCore
import TestClocks
import Testing

/// A presentation's `ifLet` keeps no books of what it presented until a destination on its path
/// has run an effect (`NavigationEffectsMark`); the effects started afterwards still end when
/// their destination is dismissed or replaced, whatever the parent did before them. Each test's
/// feature is its own, so no other test has tagged effects under its path.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationEffectsTests {
  let clock = SleepCountingClock()

  @Test func effectsStartedAfterTheParentsActionsEndWhenTheParentDismisses() async {
    let store = Store(initialState: PresentedTickers.State()) { PresentedTickers() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.present(id: 1))
    store.send(.rename)
    store.send(.present(id: 2))
    store.send(.rename)
    store.send(.child(.presented(.start)))
    await clock.waitForSleeps(1)
    #expect(store._effectCount.tasks == 1)
    store.send(.rename)
    #expect(store._effectCount.tasks == 1)

    store.send(.dismiss)
    #expect(store._effectCount.tasks == 0)
    #expect(store.state.child == nil && store.state.renames == 3)
  }

  @Test func effectsOfADestinationPresentedWithoutBooksEndWhenItIsReplaced() async {
    let store = Store(initialState: OtherPresentedTickers.State()) { OtherPresentedTickers() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.present(id: 1))
    store.send(.child(.presented(.start)))
    await clock.waitForSleeps(1)
    #expect(store._effectCount.tasks == 1)

    store.send(.present(id: 2))
    #expect(store._effectCount.tasks == 0)
    #expect(store.state.child?.id == 2)
  }
}

/// A parent presenting a ticker, with an action of its own.
private struct PresentedTickers: Reducer {
  struct State: Equatable {
    @PresentationState var child: Ticker.State?
    var renames = 0
  }
  @CasePathable enum Action {
    case child(PresentationAction<Ticker.Action>), dismiss, present(id: Int), rename
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .dismiss:
        state.child = nil
        return .none
      case .present(let id):
        state.child = Ticker.State(id: id)
        return .none
      case .rename:
        state.renames += 1
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Ticker() }
  }
}

/// ``PresentedTickers`` again, for a path of its own.
private struct OtherPresentedTickers: Reducer {
  struct State: Equatable {
    @PresentationState var child: Ticker.State?
  }
  @CasePathable enum Action { case child(PresentationAction<Ticker.Action>), present(id: Int) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .present(let id) = action { state.child = Ticker.State(id: id) }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Ticker() }
  }
}
