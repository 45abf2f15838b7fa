import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import TerminalUI
import Testing
import TodosFeature
import TodosTesting

/// `find`, `undo` and `redo` typed: what each sends, what a find shows, and the one-line errors.
struct TodosViewFindAndUndoTests {
  let view = TodosView()
  let list: [Todo.State] = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    Todo.State(id: UUID(2), description: "Milk the cow"),
  ]

  @Test func findSendsItsWords() throws {
    #expect(try outcome("find milk cow") == .send(.findChanged("milk cow")))
    #expect(try outcome("find") == .send(.findChanged("")))
  }

  /// After a find, a position is one among the matches: `done 2` is the second match.
  @Test func positionsCountTheMatches() throws {
    let found = state(find: "milk")
    #expect(try outcome("done 2", found) == .send(.todos(.element(id: UUID(2), action: .toggleCompleted))))
    #expect(error("rm 3", found) == "no todo 3: the list shows 2")
  }

  @Test func renderAFind() {
    #expect(
      view.render(state(find: "milk"), style: .plain) == [
        "todos: 2 active, 1 completed (filter: all, find: milk)",
        "  1. [ ] Buy milk",
        "  2. [ ] Milk the cow",
      ]
    )
  }

  @Test func aFindWithNoMatchSaysSoInOneLine() {
    #expect(
      view.render(state(find: "zebra"), style: .plain) == [
        "todos: 2 active, 1 completed (filter: all, find: zebra)",
        #"  no todos match "zebra": find alone shows them all"#,
      ]
    )
    #expect(
      view.render(state(find: "milk", filter: .completed), style: .plain).last
        == #"  no completed todos match "milk": find alone shows them all"#
    )
  }

  /// A find's words are shown as typed, their control characters escaped; typed, such words are
  /// refused in one line.
  @Test func aFindShowsItsWordsNeverSendingThemToTheTerminal() {
    #expect(
      view.render(state(find: "\u{1B}[2J"), style: .plain) == [
        #"todos: 2 active, 1 completed (filter: all, find: \e[2J)"#,
        #"  no todos match "\e[2J": find alone shows them all"#,
      ]
    )
    #expect(error("find milk \u{1B}[2J") == #"words must not contain control characters, got "milk \e[2J""#)
  }

  @Test func undoAndRedoSendTheirActions() throws {
    let database = try todosDatabase(list)
    try database.write { db in
      try TodosHistory.record(in: db) { db in try TodosOrder.delete(UUID(0), db) }
    }
    let undoable = state(database: database)
    #expect(try outcome("undo", undoable) == .send(.undo))
    try database.write { db in _ = try TodosHistory.undo(db) }
    let redoable = state(database: database)
    #expect(try outcome("redo", redoable) == .send(.redo))
  }

  @Test(arguments: [
    ("undo", "nothing to undo"),
    ("redo", "nothing to redo: undo a change first"),
    ("undo 2", #"undo takes no arguments, got "2""#),
  ])
  func nothingToUndoOrRedo(line: String, message: String) {
    #expect(error(line) == message)
  }

  // MARK: - Helpers

  private func state(
    find: String = "",
    filter: Filter = .all,
    database: (any DatabaseWriter)? = nil
  ) -> Todos.State {
    let database = try! database ?? todosDatabase(list)
    return withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(filter: filter, find: TodosFind(find), sortCompleted: SharedReader(value: true))
    }
  }

  private func outcome(_ line: String, _ state: Todos.State? = nil) throws -> CommandOutcome<Todos.Action> {
    try #require(try view.parse(line, state: state ?? self.state()).commandOutcome())
  }

  private func error(_ line: String, _ state: Todos.State? = nil) -> String? {
    switch view.parse(line, state: state ?? self.state()) {
    case .command: nil
    case .rejected(let message): message
    default: "not a todos command"
    }
  }
}
