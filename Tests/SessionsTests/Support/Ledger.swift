import ComposableCore
import Foundation
import TerminalUI

/// A small feature the session tests record and replay: lines add to a total, `settle` sleeps a
/// second and files the amount under a new id, `ask` waits for a fact, and `bump` adds one at
/// once and `bumpBy` more through an effect.
struct Ledger: Reducer {
  struct State: Equatable {
    var total = 0
    var settled: [UUID] = []
    var fact = "none"
  }

  enum Action: Equatable {
    case add(Int)
    case settle
    case settled(UUID)
    case ask
    case answered(String)
    case bump
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  /// Where `ask` gets its fact: the recorded or replayed stand-in of a dependency.
  var fact: @Sendable () async throws -> String = { "no fact" }
  /// What `bump` adds through its effect; a changed reducer adds another amount.
  var bumpBy = 1
  /// How long `ask`'s effect runs before it asks for its fact: a task a busy process keeps
  /// from running that long.
  var delayBeforeAsking: Duration = .zero

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.total += amount
      return .none
    case .settle:
      return .run { [clock, uuid] send in
        try await clock.sleep(for: .seconds(1))
        await send(.settled(uuid()))
      }
    case .settled(let id):
      state.settled.append(id)
      return .none
    case .ask:
      return .run { [fact, delayBeforeAsking] send in
        // NB: real time, not the clock: it stands for a starved task, which no clock records.
        if delayBeforeAsking > .zero { try? await Task.sleep(for: delayBeforeAsking) }
        do {
          await send(.answered(try await fact()))
        } catch is CancellationError {
        } catch {
          await send(.answered("failed: \(error.localizedDescription)"))
        }
      }
    case .answered(let fact):
      state.fact = fact
      return .none
    case .bump:
      state.total += 1
      return .send(.add(bumpBy))
    }
  }
}

/// The ledger's terminal view: `add <n>`, `settle`, `ask` and `bump` in, three lines out.
struct LedgerView: TerminalView {
  static let add = Command("add", arguments: "<n>", summary: "Add n to the total")
  static let settle = Command("settle", summary: "File the total under a new id, a second later")
  static let ask = Command("ask", summary: "Ask for a fact")
  static let bump = Command("bump", summary: "Add one, then one more")

  var commands: [Command] { [Self.add, Self.settle, Self.ask, Self.bump] }

  func interpret(_ invocation: Invocation, state: Ledger.State) throws(ArgumentError) -> CommandOutcome<Ledger.Action> {
    switch invocation.command {
    case Self.add: return .send(.add(try invocation.integer(at: 0, named: "n", in: 1...9)))
    case Self.settle: return .send(.settle)
    case Self.ask: return .send(.ask)
    case Self.bump: return .send(.bump)
    default: throw ArgumentError("the ledger has no command \"\(invocation.command.name)\"")
    }
  }

  func render(_ state: Ledger.State, style: TextStyle) -> [String] {
    ["total: \(state.total)", "settled: \(state.settled.count)", "fact: \(state.fact)"]
  }
}
