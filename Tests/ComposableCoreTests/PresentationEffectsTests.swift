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
    let store = Store(initialState: Flashers.State()) { Flashers() } withDependencies: {
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
    let store = Store(initialState: OtherFlashers.State()) { OtherFlashers() } withDependencies: {
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

/// Flashes every second once started, until cancelled.
private struct Flasher: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var flashes = 0
  }
  @CasePathable enum Action { case flash, start }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .flash:
      state.flashes += 1
      return .none
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.flash) }
      }
    }
  }
}

/// A parent presenting a flasher, with an action of its own.
private struct Flashers: Reducer {
  struct State: Equatable {
    @PresentationState var child: Flasher.State?
    var renames = 0
  }
  @CasePathable enum Action {
    case child(PresentationAction<Flasher.Action>), dismiss, present(id: Int), rename
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
        state.child = Flasher.State(id: id)
        return .none
      case .rename:
        state.renames += 1
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Flasher() }
  }
}

/// ``Flashers`` again, for a path of its own.
private struct OtherFlashers: Reducer {
  struct State: Equatable {
    @PresentationState var child: Flasher.State?
  }
  @CasePathable enum Action { case child(PresentationAction<Flasher.Action>), present(id: Int) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .present(let id) = action { state.child = Flasher.State(id: id) }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Flasher() }
  }
}
