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

  @Test func workCancellingItsOwnIDAsItBeginsIsCancelledOutsideAStore() async {
    // NB: A task is registered under its id as it is made, even when the caller is on an actor
    //     and the registry is not: a thousand pieces of work started from the main actor that
    //     cancel their own ids first thing each find themselves cancelled at once.
    struct WorkID: Hashable, Sendable { let index: Int }
    let cancelled = await withTaskGroup(of: Bool.self, returning: Int.self) { group in
      for index in 0..<1_000 {
        group.addTask { await cancelsItselfAsItBegins(WorkID(index: index)) }
      }
      var cancelled = 0
      for await isCancelled in group where isCancelled { cancelled += 1 }
      return cancelled
    }
    #expect(cancelled == 1_000)
  }

  @Test func workCancellingItsOwnIDAsItBeginsIsCancelledInsideAnEffect() async {
    // NB: Inside a store the cancel reaches the main actor a moment later; the work is registered
    //     there before it begins, so a hundred of them all end cancelled.
    struct WorkID: Hashable, Sendable { let index: Int }
    enum Action { case start, cancelled }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .start:
          return .merge(
            (0..<100).map { index in
              .run { send in
                do {
                  try await withTaskCancellation(id: WorkID(index: index)) {
                    Task.cancel(id: WorkID(index: index))
                    try await Task.never()
                  }
                } catch is CancellationError {
                  await send(.cancelled)
                }
              }
            }
          )
        case .cancelled:
          state += 1
          return .none
        }
      }
    }
    await store.send(.start).finish()
    #expect(store.withState { $0 } == 100)
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

/// Whether work started from the main actor that cancels its own `id` first thing finds itself
/// cancelled.
@MainActor
private func cancelsItselfAsItBegins(_ id: some Hashable & Sendable) async -> Bool {
  await withTaskCancellation(id: id) {
    Task.cancel(id: id)
    return Task.isCancelled
  }
}
