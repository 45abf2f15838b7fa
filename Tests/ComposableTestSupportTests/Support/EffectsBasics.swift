import ComposableCore
import Foundation

/// The Composable Architecture's Effects-Basics case study, written against this core: a
/// counter that re-increments a second after going below zero, and a number fact fetched
/// through a dependency.
struct EffectsBasics: Reducer {
  struct State: Equatable {
    var count = 0
    var isNumberFactRequestInFlight = false
    var numberFact: String?
  }

  @CasePathable
  enum Action {
    case decrementButtonTapped
    case decrementDelayResponse
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, any Error>)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  private enum CancelID { case delay }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.numberFact = nil
        // Re-increment the count after one second if it went below zero.
        return state.count >= 0
          ? .none
          : .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.decrementDelayResponse)
          }
          .cancellable(id: CancelID.delay)

      case .decrementDelayResponse:
        if state.count < 0 {
          state.count += 1
        }
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.numberFact = nil
        return state.count >= 0
          ? .cancel(id: CancelID.delay)
          : .none

      case .numberFactButtonTapped:
        state.isNumberFactRequestInFlight = true
        state.numberFact = nil
        return .run { [count = state.count] send in
          await send(.numberFactResponse(Result { try await factClient.fetch(count) }))
        }

      case .numberFactResponse(.success(let response)):
        state.isNumberFactRequestInFlight = false
        state.numberFact = response
        return .none

      case .numberFactResponse(.failure):
        state.isNumberFactRequestInFlight = false
        return .none
      }
    }
  }
}

@DependencyClient
struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension FactClient: TestDependencyKey {
  static let testValue = Self()
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}
