import ComposableCore

/// Counts down by sending itself the next step.
struct Chain: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case step(remaining: Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .step(let remaining):
      state.count += 1
      return remaining > 1 ? .send(.step(remaining: remaining - 1)) : .none
    }
  }
}

/// Records actions in order; fans out into synchronous sends.
struct Logger: Reducer {
  struct State: Equatable { var log: [String] = []; var total = 0 }
  @CasePathable enum Action { case add(Int), addAll, fanOut, log(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let value):
      state.total += value
      return .none
    case .addAll:
      return .merge(.send(.add(1)), .send(.add(2)), .send(.add(3)))
    case .fanOut:
      state.log.append("fanOut")
      return .merge(.send(.log("a")), .send(.log("b")), .send(.log("c")))
    case .log(let entry):
      state.log.append(entry)
      return entry.count == 1 ? .send(.log("\(entry).1")) : .none
    }
  }
}

/// A parent with one child in a struct field.
struct Parent: Reducer {
  struct State: Equatable { var child = Logger.State() }
  @CasePathable enum Action { case child(Logger.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Logger() }
  }
}

/// Holds a store so a reducer can send to it while it runs.
@MainActor
final class StoreBox: Sendable {
  var store: StoreOf<Reentrant>?
}

/// Sends to its own store from inside the reducer.
struct Reentrant: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action { case inner, outer }
  let box: StoreBox

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .inner:
      state.log.append("inner")
    case .outer:
      state.log.append("outer.begin")
      MainActor.assumeIsolated { _ = box.store?.send(.inner) }
      state.log.append("outer.end")
    }
    return .none
  }
}

/// Sleeps ten seconds on the clock, directly or after relaying through another action.
struct Sleeper: Reducer {
  struct State: Equatable { var isSleeping = false; var didWake = false }
  enum Action { case relay, sleep, woke }
  let onCancel: @Sendable () -> Void
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .relay:
      return .run { send in await send(.sleep) }
    case .sleep:
      state.isSleeping = true
      return .run { [clock, onCancel] send in
        do {
          try await clock.sleep(for: .seconds(10))
          await send(.woke)
        } catch {
          onCancel()
        }
      }
    case .woke:
      state.didWake = true
      return .none
    }
  }
}
