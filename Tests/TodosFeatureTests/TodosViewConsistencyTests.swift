import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import TerminalUI
import Testing
import TodosFeature
import TodosTesting

/// Another process may commit to the list at any moment, and the window is read again a moment
/// later: the view reads the window once for a frame, and once for a command, so a header always
/// counts the rows below it and a position is checked against the list the display showed.
struct TodosViewConsistencyTests {
  let view = TodosView()

  /// The database holds ten todos; the window, read before another app added the tenth, shows
  /// nine. `done 10` is checked against the nine and fails in one line, rather than naming a
  /// todo the display never showed.
  @Test func aPositionIsCheckedInTheListTheDisplayShowed() throws {
    let nine = (1...9).reversed().map { Todo.State(id: UUID($0), description: "todo \($0)") }
    let database = try todosDatabase([Todo.State(id: UUID(10), description: "todo 10")] + nine)
    try withDependencies { $0.defaultDatabase = database } operation: {
      let state = Todos.State(sortCompleted: SharedReader(value: false))
      #expect(state.window.shown == 10)
      state.$window = SharedReader(value: TodosWindow.Value(counts: TodoCounts(total: 9), shown: 9, rows: nine))
      let lines = view.render(state, style: .plain)
      #expect(lines.count == 10)
      #expect(lines[0] == "todos: 9 active, 0 completed (filter: all)")
      switch view.parse("done 10", state: state) {
      case .rejected(let message):
        #expect(message == "no todo 10: the list shows 9")
      default:
        Issue.record("done 10 was accepted in a list of 9")
      }
      let outcome = try view.parse("done 1", state: state).commandOutcome()
      #expect(outcome == .send(.todos(.element(id: UUID(9), action: .toggleCompleted))))
    }
  }
}
