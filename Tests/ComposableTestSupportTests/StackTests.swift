import ComposableTestSupport
import Testing

/// TCA's stack behaviour, after its `StackReducerTests`: pushing and popping, ids from 0 in a
/// test, actions to one screen, effects cancelled on pop, a screen that dismisses itself.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StackTests {
  /// A screen that counts, ticks on a clock, and can close itself.
  struct Screen: Reducer {
    struct State: Equatable { var count = 0 }
    @CasePathable enum Action: Equatable {
      case closeButtonTapped
      case increment
      case startTimer
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeButtonTapped:
        return .run { _ in await dismiss() }
      case .increment, .tick:
        state.count += 1
        return .none
      case .startTimer:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      }
    }
  }

  /// A navigation stack of screens.
  struct Navigation: Reducer {
    struct State: Equatable { var path = StackState<Screen.State>() }
    @CasePathable enum Action: Equatable {
      case path(StackActionOf<Screen>)
      case pushScreen
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .pushScreen:
          state.path.append(Screen.State())
          return .none
        }
      }
      .forEach(\.path, action: \.path) { Screen() }
    }
  }

  @Test func pushSendToAScreenAndPop() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.pushScreen) { $0.path.append(Screen.State()) }
    await store.send(.pushScreen) { $0.path.append(Screen.State()) }
    #expect(store.state.path.ids == [0, 1])
    await store.send(\.path[id: 1].increment) { $0.path[id: 1]?.count = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func aPushActionTakesItsID() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.path(.push(id: 0, state: Screen.State(count: 5)))) {
      $0.path[id: 0] = Screen.State(count: 5)
    }
    // The store's next id follows the pushed one.
    await store.send(.pushScreen) { $0.path[id: 1] = Screen.State() }
  }

  @Test func aPushByCaseKeyPath() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(\.path.push, (id: 0, state: Screen.State(count: 2))) {
      $0.path[id: 0] = Screen.State(count: 2)
    }
    await store.send(\.path[id: 0].increment) { $0.path[id: 0]?.count = 3 }
    await store.send(\.path.popFrom, 0) { $0.path = StackState() }
  }

  @Test func aPushWithAnIDAheadOfTheNextIsReported() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await withKnownIssue {
      await store.send(.path(.push(id: 3, state: Screen.State()))) {
        $0.path[id: 3] = Screen.State()
      }
    } matching: { String(describing: $0).contains(#"received a "push" action with an unexpected generational ID."#) }
  }

  @Test func aScreenDismissesItself() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await store.send(.pushScreen) { $0.path.append(Screen.State()) }
    await store.send(\.path[id: 0].closeButtonTapped)
    await store.receive(\.path.popFrom, 0) { $0.path = StackState() }
  }

  @Test func poppingCancelsTheScreensEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigation.State()) { Navigation() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushScreen) { $0.path.append(Screen.State()) }
    await store.send(.pushScreen) { $0.path.append(Screen.State()) }
    await store.send(\.path[id: 1].startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].tick) { $0.path[id: 1]?.count = 1 }
    // Popping from the bottom pops both, and the timer of the top one stops.
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func anActionForAMissingScreenIsReported() async {
    let store = TestStore(initialState: Navigation.State()) { Navigation() }
    await withKnownIssue {
      await store.send(\.path[id: 7].increment)
    } matching: { String(describing: $0).contains(#"received an action for a missing element."#) }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 7)))
    } matching: { String(describing: $0).contains(#"received a "popFrom" action for a missing element."#) }
  }

  @Test func dumpsAsADictionaryOfIDs() {
    var stack = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState([Screen.State(count: 1), Screen.State(count: 2)])
    }
    var dump = ""
    customDump(stack, to: &dump)
    expectNoDifference(
      dump,
      """
      [
        #0: StackTests.Screen.State(count: 1),
        #1: StackTests.Screen.State(count: 2)
      ]
      """
    )
    stack.pop(to: 0)
    #expect(stack.ids == [0])
    #expect(Array(stack) == [Screen.State(count: 1)])
  }
}
