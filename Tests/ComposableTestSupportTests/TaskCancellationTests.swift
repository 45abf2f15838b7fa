import ComposableTestSupport
import Testing

/// `withTaskCancellation(id:)` and `Task.cancel(id:)`, after the Composable Architecture's
/// `TaskCancellationTests` and `EffectRunTests`: outside a store, and inside a store's effects,
/// where they share ids with `.cancellable(id:)` and `.cancel(id:)`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskCancellationTests {
  enum CancelID { case task, response, search }

  @Test func taskCancelStopsWorkStartedOutsideAStore() async {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: CancelID.task) {
        startedContinuation.yield()
        try await Task.never()
      }
    }
    for await _ in started { break }
    Task.cancel(id: CancelID.task)
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancellingTheCallerCancelsTheWork() async {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: CancelID.search) {
        startedContinuation.yield()
        try await Task.never()
      }
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func anEffectCancellingItsOwnIDStopsBeforeSending() async {
    enum Action: Equatable { case tapped, response }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .run { send in
          Task.cancel(id: CancelID.response)
          try Task.checkCancellation()
          await send(.response)
        }
        .cancellable(id: CancelID.response)
      }
    }
    await store.send(.tapped).finish()
  }

  @Test func anEffectCancellingItsOwnIDSkipsItsCatchHandler() async {
    enum Action: Equatable { case tapped, responseA, responseB }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .run { send in
          Task.cancel(id: CancelID.response)
          try Task.checkCancellation()
          await send(.responseA)
        } catch: { _, send in
          await send(.responseB)
        }
        .cancellable(id: CancelID.response)
      }
    }
    await store.send(.tapped).finish()
  }

  @Test func aReducerCancelsWorkAnEffectStartedWithTaskCancellation() async {
    enum Action: Equatable { case start, stop, tick }
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .start:
          return .run { send in
            try await withTaskCancellation(id: CancelID.task) {
              while true {
                try await clock.sleep(for: .seconds(1))
                await send(.tick)
              }
            }
          }
        case .stop:
          return .cancel(id: CancelID.task)
        case .tick:
          state += 1
          return .none
        }
      }
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 1 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlightLetsOnlyTheLastOfSeveralCallsFinish() async {
    enum Action: Equatable { case search(String), response(String) }
    let clock = TestClock()
    let store = TestStore(initialState: "") {
      Reduce<String, Action> { state, action in
        switch action {
        case .search(let query):
          return .run { send in
            try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
              try await clock.sleep(for: .milliseconds(300))
              await send(.response(query))
            }
          }
        case .response(let query):
          state = query
          return .none
        }
      }
    }
    await store.send(.search("c"))
    await store.send(.search("co"))
    await store.send(.search("com"))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response("com")) { $0 = "com" }
    await store.finish()
  }
}
