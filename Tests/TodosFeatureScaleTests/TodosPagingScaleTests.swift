import Foundation
import SharingGRDB
import TerminalUI
import Testing
import TodosFeature
import TodosTesting

/// A list of 100,000 todos is shown a page at a time: the window holds the page, not the list,
/// and a position far down it is resolved without reading the list (the whole list was once
/// printed at every change). The feature's own tier pages lists of tens (`TodosPagingTests`).
@MainActor
struct TodosPagingScaleTests {
  let view = TodosView()

  /// The list's state over `database`, scrolled to `offset`, `pageSize` rows a page.
  func state(_ database: any DatabaseWriter, scrolledTo offset: Int, pageSize: Int) -> Todos.State {
    withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(scrollOffset: offset, pageSize: pageSize, sortCompleted: SharedReader(value: true))
    }
  }

  @Test func theWindowHoldsThePageNotTheList() throws {
    let state = state(try todosDatabase(count: 100_000), scrolledTo: 50_001, pageSize: 4)
    #expect(state.window.rows.count == 4)
    #expect(state.window.start == 50_000)
  }

  @Test func aPageIsRenderedFromItsRowsAndAFarPositionResolved() throws {
    let database = try todosDatabase(count: 100_000)
    let state = state(database, scrolledTo: 95_000, pageSize: Todos.State.defaultPageSize)
    let lines = view.render(state, style: .plain)
    #expect(lines.count == 22)
    #expect(lines[1] == "  95001. [ ] Todo 95000")
    let outcome = withDependencies { $0.defaultDatabase = database } operation: {
      ParsedLine.parse("done 99999", commands: view.commands) { invocation throws(ArgumentError) in
        try view.interpret(invocation, state: state)
      }
    }
    #expect(outcome == .command(.send(.todos(.element(id: UUID(99_998), action: .toggleCompleted)))))
  }
}
