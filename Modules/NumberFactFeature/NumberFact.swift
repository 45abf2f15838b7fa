import AppDependencies
import ComposableCore
import Persistence

/// Fetches a fact about the shared count, as the Composable Architecture's Effects-Basics case
/// study does, and keeps the last ``historyLimit`` facts in a shared history.
///
/// The parent owns every piece of shared state and passes it in: the count (owned by the
/// counter), the fact kind (owned by the settings) and the history (``SharedReaderKey/factHistory``).
///
/// ```swift
/// NumberFact.State(
///   count: SharedReader($count),
///   kind: SharedReader($factKind),
///   history: Shared(.factHistory)
/// )
/// ```
///
/// Requesting a fact while one is in flight cancels the first request. A failed request shows
/// an alert offering to retry. A changed count makes any fact about the old count stale, so
/// ``Action/countChanged`` clears the shown fact, error and alert, and cancels a pending request.
@Reducer
public struct NumberFact {
  /// The state of the number-fact feature.
  @ObservableState
  public struct State: Equatable {
    /// The number facts are about; owned by the counter.
    @SharedReader public var count: Int
    /// The kind of fact to ask for; owned by the settings.
    @SharedReader public var kind: FactKind
    /// Whether a request is in flight.
    public var isRequestInFlight: Bool
    /// The last fact fetched, verbatim, until the count changes or another is requested.
    public var fact: String?
    /// Why the last request failed: `Could not load a number fact: <reason>`.
    public var errorMessage: String?
    /// The facts fetched so far, oldest first, newest last: at most ``NumberFact/historyLimit``.
    @Shared public var history: [String]
    /// The offer to retry after a failed request, while it is shown.
    @Presents public var alert: AlertState<Action.Alert>?

    /// Creates the state from shared values its parent provides.
    ///
    /// - Parameters:
    ///   - count: The number to ask about, read-only.
    ///   - kind: The kind of fact to ask for, read-only.
    ///   - history: Where fetched facts are kept; in the app, `Shared(.factHistory)`.
    public init(
      count: SharedReader<Int>,
      kind: SharedReader<FactKind>,
      history: Shared<[String]>,
      isRequestInFlight: Bool = false,
      fact: String? = nil,
      errorMessage: String? = nil
    ) {
      self._count = count
      self._kind = kind
      self._history = history
      self.isRequestInFlight = isRequestInFlight
      self.fact = fact
      self.errorMessage = errorMessage
    }
  }

  /// What can happen in the number-fact feature.
  public enum Action {
    /// The answer to the offer to retry.
    case alert(PresentationAction<Alert>)
    /// The user cancelled the request in flight (`fact stop`).
    case cancelButtonTapped
    /// The parent observed a new count: clears the shown fact and error, and cancels a pending
    /// request, whose fact would be about the old count.
    case countChanged
    /// The user asked for a fact about the count (`fact`).
    case factButtonTapped
    /// The number-fact client answered.
    case factResponse(Result<String, any Error>)

    /// The buttons of the alert shown after a failed request.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Ask for a fact about the count again.
      case retryButtonTapped
    }
  }

  /// How many facts ``State/history`` keeps; older ones are dropped first.
  public static let historyLimit = 20

  @Dependency(\.numberFact) var numberFact

  private enum CancelID { case request }

  /// Creates the reducer.
  public init() {}

  /// What a new count does to the fact: clears the shown fact, error and alert, and cancels a
  /// pending request.
  public static func countChanged(_ state: inout State) -> Effect<Action> {
    state.fact = nil
    state.errorMessage = nil
    // NB: Dismissed only when shown: `@Presents` announces `nil` written over `nil` too (as
    //     TCA's does), and every view of the fact would be drawn again at every count.
    if state.alert != nil { state.alert = nil }
    guard state.isRequestInFlight else { return .none }
    state.isRequestInFlight = false
    return .cancel(id: CancelID.request)
  }

  /// Handles requests, responses, cancellation, retries and count changes.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.retryButtonTapped)):
        return requestFact(&state)

      case .alert:
        return .none

      case .cancelButtonTapped:
        state.isRequestInFlight = false
        return .cancel(id: CancelID.request)

      case .countChanged:
        return Self.countChanged(&state)

      case .factButtonTapped:
        return requestFact(&state)

      case .factResponse(.success(let fact)):
        state.isRequestInFlight = false
        state.fact = fact
        state.$history.withLock {
          $0.append(fact)
          $0.removeFirst(max(0, $0.count - Self.historyLimit))
        }
        return .none

      case .factResponse(.failure(let error)):
        state.isRequestInFlight = false
        let message = "Could not load a number fact: \(readableReason(for: error))"
        state.errorMessage = message
        state.alert = .factFailed(message)
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// Starts a request for a fact about the count, replacing one in flight.
  private func requestFact(_ state: inout State) -> Effect<Action> {
    state.isRequestInFlight = true
    state.fact = nil
    state.errorMessage = nil
    state.alert = nil
    return .run { [count = state.count, kind = state.kind, numberFact] send in
      await send(.factResponse(Result { try await numberFact.fetch(count, kind) }))
    }
    .cancellable(id: CancelID.request, cancelInFlight: true)
  }
}
