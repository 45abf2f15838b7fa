import ComposableCore

struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// Logs entries from effects that sleep on the clock, composed in different ways.
struct Timeline: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable enum Action {
    case concatenate, concatenateWithSends, failHandled, failUnhandled, log(String)
    case mapped, merge, reset, throwCancellation
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .concatenate:
      return .concatenate(entry("a", after: .seconds(1)), entry("b", after: .seconds(1)))
    case .concatenateWithSends:
      return .concatenate(.send(.log("start")), entry("a", after: .seconds(1)), .send(.log("end")))
    case .failHandled:
      return .run { _ in throw Boom() } catch: { error, send in
        await send(.log("caught: \(error)"))
      }
    case .failUnhandled:
      return .run { _ in throw Boom() }
    case .log(let entry):
      state.log.append(entry)
      return .none
    case .mapped:
      let effect = Effect<String>.merge(
        .send("sync"),
        .run { send in await send("async") }
      )
      return effect.map { .log("MAPPED:\($0.uppercased())") }
    case .merge:
      return .merge(entry("a", after: .seconds(1)), entry("b", after: .seconds(1)))
    case .reset:
      state.log = []
      return .none
    case .throwCancellation:
      return .run { _ in throw CancellationError() }
    }
  }

  private func entry(_ name: String, after duration: Duration) -> Effect<Action> {
    .run { [clock] send in
      try await clock.sleep(for: duration)
      await send(.log(name))
    }
  }
}
