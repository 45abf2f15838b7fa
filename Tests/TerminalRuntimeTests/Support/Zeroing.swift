import ComposableCore
import TerminalUI

/// A count that asks before going back to zero, and its terminal view.
struct Zeroing: Reducer {
  struct State: Equatable {
    var count = 0
    @PresentationState var alert: AlertState<Action.Alert>?
  }
  @CasePathable enum Action {
    case add(Int)
    case alert(PresentationAction<Alert>)
    case zeroButtonTapped
    @CasePathable enum Alert { case confirmZero }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let value):
        state.count += value
      case .alert(.presented(.confirmZero)):
        state.count = 0
      case .alert:
        break
      case .zeroButtonTapped:
        state.alert = AlertState {
          TextState("Set \(state.count) back to zero?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmZero) { TextState("Zero") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      }
      return .none
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

struct ZeroingView: TerminalView {
  var commands: [Command] {
    [Command("add", arguments: "<n>", summary: "Add n"), Command("zero", summary: "Back to zero")]
  }

  func interpret(_ invocation: Invocation, state: Zeroing.State) throws(ArgumentError) -> CommandOutcome<Zeroing.Action> {
    switch invocation.command.name {
    case "add": .send(.add(try invocation.integer(at: 0, named: "n", in: 1...9)))
    default: .send(.zeroButtonTapped)
    }
  }

  func question(for state: Zeroing.State) -> TerminalQuestion<Zeroing.Action>? {
    state.alert.map { alert in
      TerminalQuestion(alert: alert) { answer in .alert(answer.map { .presented($0) } ?? .dismiss) }
    }
  }

  func render(_ state: Zeroing.State, style: TextStyle) -> [String] {
    ["count: \(state.count)"]
  }
}
