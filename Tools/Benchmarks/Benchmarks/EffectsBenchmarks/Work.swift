import ComposableCore

/// A feature whose actions start the effects under measurement.
struct Work: Reducer {
  struct State {
    var ticks = 0
  }

  enum Action {
    /// Starts a `.run` effect that finishes at once.
    case run
    /// Starts a `.run` effect that sleeps for an hour, cancellable by `id`.
    case sleep(id: Int)
    /// Cancels the effect started by `.sleep(id:)`.
    case cancel(id: Int)
    /// Returns a `.merge` of 1,000 `.send(.tick)`.
    case fanOut
    /// Counts.
    case tick
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .run:
      return .run { _ in }
    case .sleep(let id):
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }
        .cancellable(id: id)
    case .cancel(let id):
      return .cancel(id: id)
    case .fanOut:
      return .merge((0..<1_000).map { _ in .send(.tick) })
    case .tick:
      state.ticks &+= 1
      return .none
    }
  }
}
