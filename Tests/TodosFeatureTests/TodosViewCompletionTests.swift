import ComposableTestSupport
import Foundation
import Persistence
import TerminalUI
import Testing
import TodosFeature

/// What Tab offers after a todos command: the positions of the todos shown, the filter's values.
struct TodosViewCompletionTests {
  let view = TodosView()
  let list: IdentifiedArrayOf<Todo.State> = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    Todo.State(id: UUID(2), description: "Call mum"),
  ]

  @Test func commandsTakingAPositionOfferThePositionsShown() {
    let all = state(filter: .all)
    for line in ["done ", "rm ", "open ", "edit "] {
      #expect(completion(line, all).candidates == ["1", "2", "3"], "\(line)")
    }
    let active = state(filter: .active)
    #expect(completion("done ", active).candidates == ["1", "2"])
    #expect(completion("mv 2 ", active).candidates == ["1", "2"])
    #expect(completion("mv 2 1 ", active).candidates.isEmpty)
    #expect(completion("edit 1 ", active).candidates.isEmpty)
  }

  @Test func filterOffersItsValues() {
    #expect(completion("filter a", state()).candidates == ["all", "active"])
    #expect(completion("add ", state()).candidates.isEmpty)
  }

  private func completion(_ typed: String, _ state: Todos.State) -> CommandCompletion {
    CommandCompletion(typed: typed, commands: view.commands) { view.completions(for: $0, state: state) }
  }

  private func state(filter: Filter = .all) -> Todos.State {
    Todos.State(todos: Shared(value: list), filter: filter, sortCompleted: SharedReader(value: true))
  }
}
