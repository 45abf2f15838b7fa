import ComposableCore

/// A counter with effects that feed actions back: the subject of the test store's own tests.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var label = "Counter"
  }

  @CasePathable
  enum Action: Equatable {
    case add(Int)
    case increment
    case incrementAfterASecond
    case incrementLater
    case incrementTwiceLater
    case noop
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let value):
      state.count += value
      return .none
    case .increment:
      state.count += 1
      return .none
    case .incrementAfterASecond:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .incrementLater:
      return .run { send in await send(.increment) }
    case .incrementTwiceLater:
      return .run { send in
        await send(.increment)
        await send(.add(10))
      }
    case .noop:
      return .none
    }
  }
}
