import ComposableCore

/// Ticks every second once started, until cancelled.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }
  @CasePathable enum Action { case start, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A parent presenting one optional ticker and a list of tickers.
struct Tickers: Reducer {
  struct State: Equatable {
    var optional: Ticker.State?
    var rows: IdentifiedArrayOf<Ticker.State> = []
  }
  @CasePathable enum Action {
    case dismiss, optional(Ticker.Action), present, remove(id: Int), rows(IdentifiedActionOf<Ticker>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dismiss:
        state.optional = nil
        return .none
      case .optional, .rows:
        return .none
      case .present:
        state.optional = Ticker.State(id: 0)
        return .none
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .ifLet(\.optional, action: \.optional) { Ticker() }
    .forEach(\.rows, action: \.rows) { Ticker() }
  }
}
