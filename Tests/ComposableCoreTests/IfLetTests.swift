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
