import ComposableCore
import Persistence

/// A counter that moves by a step and, once below zero, climbs back a step a second later: the
/// Composable Architecture's Effects-Basics case study, with a shared count.
///
/// The count and the step belong to others: the parent persists the count (``SharedReaderKey/count``)
/// and hands it in, and reads the step from the settings.
///
/// ```swift
/// Counter.State(count: Shared(.count), step: SharedReader(settings.$step))
/// ```
@Reducer
public struct Counter {
  /// The counter's state: a shared count and the step it moves by.
  @ObservableState
  public struct State: Equatable {
    /// The count, shared with whoever constructed the counter.
    @Shared public var count: Int
    /// How far one increment or decrement moves the count; owned elsewhere, read here.
    @SharedReader public var step: Int

    /// Creates the state from references provided by whoever constructs the counter.
    public init(count: Shared<Int>, step: SharedReader<Int>) {
      _count = count
      _step = step
    }
  }

  /// What can happen to a counter.
  public enum Action: Equatable, Sendable {
    /// The user asked to move the count down by a step.
    case decrementButtonTapped
    /// A second passed since the count went below zero.
    case decrementDelayResponse
    /// The user asked to move the count up by a step.
    case incrementButtonTapped
    /// The user asked to set the count back to zero.
    case resetButtonTapped
  }

  @Dependency(\.continuousClock) var clock

  private enum CancelID { case delay }

  /// Creates the reducer.
  public init() {}

  /// Moves the count, and schedules or cancels the delayed re-increment.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        let step = state.step
        let count = state.$count.withLock { $0 = $0.saturatingSubtract(step); return $0 }
        // NB: Below zero, climb back a step after a second, as Effects-Basics does.
        return count >= 0
          ? .none
          : .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.decrementDelayResponse)
          }
          .cancellable(id: CancelID.delay)

      case .decrementDelayResponse:
        let step = state.step
        state.$count.withLock { count in
          if count < 0 { count = count.saturatingAdd(step) }
        }
        return .none

      case .incrementButtonTapped:
        let step = state.step
        let count = state.$count.withLock { $0 = $0.saturatingAdd(step); return $0 }
        return count >= 0 ? .cancel(id: CancelID.delay) : .none

      case .resetButtonTapped:
        state.$count.withLock { $0 = 0 }
        return .cancel(id: CancelID.delay)
      }
    }
  }
}
