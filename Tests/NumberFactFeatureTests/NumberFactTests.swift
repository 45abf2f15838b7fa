import AppDependencies
import ComposableTestSupport
import Foundation
import NumberFactFeature
import Persistence
import Testing

@MainActor
struct NumberFactTests {
  let clock = TestClock()

  /// A store whose fetch answers only after a second on the test clock, to catch a request in
  /// flight.
  func storeWithSlowFetch() -> TestStore<NumberFact.State, NumberFact.Action> {
    TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: { [clock] in
      $0.numberFact.fetch = { number, _ in
        try await clock.sleep(for: .seconds(1))
        return "\(number) is a good number."
      }
    }
  }

  @Test func numberFact() async {
    let store = TestStore(initialState: state(count: 3, kind: .math)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good \($1) number." }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.success, "3 is a good math number.") {
      $0.isRequestInFlight = false
      $0.fact = "3 is a good math number."
      $0.$history.withLock { $0 = ["3 is a good math number."] }
    }
  }

  @Test func numberFactFailure() async {
    let store = TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _, _ in throw ServerDown() }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.failure) {
      $0.isRequestInFlight = false
      $0.errorMessage = "Could not load a number fact: The server is down."
      $0.alert = .factFailed("Could not load a number fact: The server is down.")
    }
  }

  @Test func retryingAfterAFailureAsksAgain() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { number, _ in
        let attempt = attempts.withValue { $0 += 1; return $0 }
        guard attempt > 1 else { throw ServerDown() }
        return "\(number) is a good number."
      }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.failure) {
      $0.isRequestInFlight = false
      $0.errorMessage = "Could not load a number fact: The server is down."
      $0.alert = .factFailed("Could not load a number fact: The server is down.")
    }
    await store.send(\.alert.retryButtonTapped) {
      $0.alert = nil
      $0.errorMessage = nil
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.success, "3 is a good number.") {
      $0.isRequestInFlight = false
      $0.fact = "3 is a good number."
      $0.$history.withLock { $0 = ["3 is a good number."] }
    }
  }

  @Test func cancellingTheRetryKeepsTheErrorShown() async {
    let store = TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _, _ in throw ServerDown() }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.failure) {
      $0.isRequestInFlight = false
      $0.errorMessage = "Could not load a number fact: The server is down."
      $0.alert = .factFailed("Could not load a number fact: The server is down.")
    }
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
  }

  @Test func numberFactFailureUsesALocalizedErrorsDescription() async {
    let store = TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _, _ in throw Offline() }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.failure) {
      $0.isRequestInFlight = false
      $0.errorMessage = "Could not load a number fact: The network is offline."
      $0.alert = .factFailed("Could not load a number fact: The network is offline.")
    }
  }

  @Test func aNewRequestClearsTheLastFactAndError() async {
    var initialState = state(count: 3)
    initialState.fact = "3 is an old fact."
    initialState.errorMessage = "Could not load a number fact: The server is down."
    let store = TestStore(initialState: initialState) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { number, _ in "\(number) is a good number." }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
      $0.fact = nil
      $0.errorMessage = nil
    }
    await store.receive(\.factResponse.success, "3 is a good number.") {
      $0.isRequestInFlight = false
      $0.fact = "3 is a good number."
      $0.$history.withLock { $0 = ["3 is a good number."] }
    }
  }

  @Test func cancel() async {
    let store = storeWithSlowFetch()
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.send(.cancelButtonTapped) {
      $0.isRequestInFlight = false
    }
    // NB: Had the request survived, its answer would arrive now and fail the exhaustive store.
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aSecondRequestCancelsTheFirst() async {
    let store = TestStore(initialState: state(count: 3)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _, _ in try await Task.never() }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    store.dependencies.numberFact.fetch = { number, _ in "\(number) is a good number." }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse.success, "3 is a good number.") {
      $0.isRequestInFlight = false
      $0.fact = "3 is a good number."
      $0.$history.withLock { $0 = ["3 is a good number."] }
    }
    // NB: The first request never answers; it must have been cancelled for the store to finish.
    await store.finish()
  }

  @Test func historyKeepsTheLastTwentyNewestLast() async {
    let oldFacts = (1...NumberFact.historyLimit).map { "Old fact \($0)." }
    let store = TestStore(initialState: state(count: 3, history: oldFacts)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { number, _ in "\(number) is a good number." }
    }
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.receive(\.factResponse.success, "3 is a good number.") {
      $0.isRequestInFlight = false
      $0.fact = "3 is a good number."
      $0.$history.withLock { $0 = Array(oldFacts.dropFirst()) + ["3 is a good number."] }
    }
    #expect(store.state.history.count == 20)
  }

  @Test func countChangedClearsTheFact() async {
    var initialState = state(count: 3)
    initialState.fact = "3 is a good number."
    let store = TestStore(initialState: initialState) { NumberFact() }
    await store.send(.countChanged) {
      $0.fact = nil
    }
  }

  @Test func countChangedClearsTheError() async {
    var initialState = state(count: 3)
    initialState.errorMessage = "Could not load a number fact: The server is down."
    let store = TestStore(initialState: initialState) { NumberFact() }
    await store.send(.countChanged) {
      $0.errorMessage = nil
    }
  }

  @Test func countChangedCancelsThePendingRequest() async {
    let store = storeWithSlowFetch()
    await store.send(.factButtonTapped) {
      $0.isRequestInFlight = true
    }
    await store.send(.countChanged) {
      $0.isRequestInFlight = false
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func factHistoryKeyStartsEmptyAndIsShared() {
    @Shared(.factHistory) var history
    @Shared(.factHistory) var sameHistory
    #expect(history == [])
    $history.withLock { $0.append("3 is a good number.") }
    #expect(sameHistory == ["3 is a good number."])
  }

  /// The history is `facts.json` in the data directory: kept across runs.
  @Test func factHistoryIsKeptInFactsJSONInTheDataDirectory() {
    let directory = URL(fileURLWithPath: "/data")
    let file = directory.appendingPathComponent("facts.json")
    withDependencies {
      $0.defaultDataDirectory = directory
      $0.defaultFileStorage = .inMemory(files: [file: Data(#"["7 is lucky."]"#.utf8)], clock: ImmediateClock())
    } operation: {
      @Shared(.factHistory) var history
      #expect(history == ["7 is lucky."])
    }
  }

  private func state(
    count: Int,
    kind: FactKind = .trivia,
    history: [String] = []
  ) -> NumberFact.State {
    NumberFact.State(
      count: SharedReader(value: count),
      kind: SharedReader(value: kind),
      history: Shared(value: history)
    )
  }
}

/// A failure that describes itself to people through `LocalizedError`.
private struct Offline: LocalizedError {
  var errorDescription: String? { "The network is offline." }
}

/// A failure that describes itself, as the live client's errors do.
private struct ServerDown: Error, CustomStringConvertible {
  var description: String { "The server is down." }
}
