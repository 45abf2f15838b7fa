import ComposableCore
import TerminalUI

/// A tally with a slow increment, and its terminal view.
struct Tally: Reducer {
  struct State: Equatable { var count = 0 }
  @CasePathable enum Action { case add(Int), addSlowly, slowAdded }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let value):
      state.count += value
      return .none
    case .addSlowly:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.slowAdded)
      }
    case .slowAdded:
      state.count += 100
      return .none
    }
  }
}

struct TallyView: TerminalView {
  var commands: [Command] {
    [
      Command("add", arguments: "<n>", summary: "Add n"),
      Command("slow", summary: "Add 100 after a second"),
      Command("show", summary: "Show the tally"),
    ]
  }

  var commandGroups: [CommandGroup] {
    [CommandGroup(title: "Tally", commands: commands)]
  }

  func interpret(_ invocation: Invocation, state: Tally.State) throws(ArgumentError) -> CommandOutcome<Tally.Action> {
    switch invocation.command.name {
    case "add": return .send(.add(try invocation.integer(at: 0, named: "n", in: 1...9)))
    case "slow": return .send(.addSlowly)
    default: return .print(render(state, style: .plain))
    }
  }

  func render(_ state: Tally.State, style: TextStyle) -> [String] {
    ["tally: \(state.count)", "parity: \(state.count.isMultiple(of: 2) ? "even" : "odd")"]
  }
}
