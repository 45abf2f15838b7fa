import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ForEachTests {
  let clock = SleepCountingClock()

  @Test func removingAnElementCancelsOnlyItsEffects() async {
    let store = Store(
      initialState: Tickers.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)])
    ) {
      Tickers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let first = store.send(.rows(.element(id: 1, action: .start)))
    store.send(.rows(.element(id: 2, action: .start)))
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.rows.allSatisfy { $0.ticks == 1 } }
    await clock.waitForSleeps(4)
    #expect(store._effectCount.tasks == 2)

    store.send(.remove(id: 1))
    #expect(store._effectCount.tasks == 1)
    await first.finish()
    await clock.advance(by: .seconds(1))
    await store.wait { $0.rows[id: 2]?.ticks == 2 }
    #expect(store.state.rows.ids == [2])
    store.send(.remove(id: 2))
    #expect(store._effectCount.tasks == 0)
  }

  @Test func elementsDoNotShareCancelIDs() async {
    let store = Store(
      initialState: Rows.State(rows: [Delayed.State(), Delayed.State()].enumerated().map {
        Rows.Row(id: $0.offset, delayed: $0.element)
      }.reduce(into: IdentifiedArrayOf<Rows.Row>()) { $0.append($1) })
    ) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.rows(.element(id: 0, action: .start(cancelInFlight: false))))
    store.send(.rows(.element(id: 1, action: .stop)))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.rows[id: 0]?.delayed.emissions == 1)
  }

  @Test func anActionForAMissingElementIsReported() {
    let store = Store(initialState: Tickers.State()) { Tickers() }
    withKnownIssue {
      store.send(.rows(.element(id: 7, action: .tick)))
    } matching: { issue in
      String(describing: issue).contains(#"A "forEach" at "ComposableCoreTests/Ticker.swift:"#)
        && String(describing: issue).contains("received an action for a missing element")
    }
  }
}

/// Rows that each use the same cancel id for their own delayed emission.
struct Rows: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var delayed: Delayed.State
  }
  struct State: Equatable { var rows: IdentifiedArrayOf<Row> }
  @CasePathable enum Action { case rows(IdentifiedAction<Int, Delayed.Action>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) {
        Scope(state: \.delayed, action: \.self) { Delayed() }
      }
  }
}
