import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct IfCaseLetTests {
  let clock = SleepCountingClock()

  /// A screen that is either a ticker or idle.
  struct Screen: Reducer {
    @CasePathable enum State: Equatable {
      case idle
      case ticker(Ticker.State)
    }
    @CasePathable enum Action {
      case idle
      case showTicker
      case ticker(Ticker.Action)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .idle:
          state = .idle
        case .showTicker:
          state = .ticker(Ticker.State(id: 0))
        case .ticker:
          break
        }
        return .none
      }
      .ifCaseLet(\.ticker, action: \.ticker) { Ticker() }
    }
  }

  @Test func runsTheChildOnItsCase() {
    let store = Store(initialState: Screen.State.ticker(Ticker.State(id: 1))) { Screen() }
    store.send(.ticker(.tick))
    store.send(.ticker(.tick))
    #expect(store.state == .ticker(Ticker.State(id: 1, ticks: 2)))
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let store = Store(initialState: Screen.State.idle) { Screen() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.showTicker)
    store.send(.ticker(.start))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await store.wait { $0 == .ticker(Ticker.State(id: 0, ticks: 1)) }
    #expect(store._effectCount.tasks == 1)

    store.send(.idle)
    #expect(store._effectCount.tasks == 0)
    await clock.advance(by: .seconds(5))
    #expect(store.state == .idle)
  }

  @Test func aChildActionInAnotherCaseIsReportedAndIgnored() {
    let store = Store(initialState: Screen.State.idle) { Screen() }
    withKnownIssue {
      store.send(.ticker(.tick))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains(#"An "ifCaseLet" at "ComposableCoreTests/IfCaseLetTests.swift:"#)
        && text.contains("received a child action when child state was set to a different case.")
    }
    #expect(store.state == .idle)
  }
}
