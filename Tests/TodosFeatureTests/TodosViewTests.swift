import InlineSnapshotTesting
import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import TerminalUI
import TerminalSnapshots
import Testing
import TodosFeature
import TodosTesting

struct TodosViewTests {
  let view = TodosView()
  let list: [Todo.State] = [
    Todo.State(id: UUID(0), description: "Buy milk"),
    Todo.State(id: UUID(1), description: "Walk dog", isComplete: true),
    Todo.State(id: UUID(2), description: "Call mum"),
  ]

  @Test func commandsInHelpOrder() {
    #expect(
      view.commands.map(\.name)
        == [
          "todos", "next", "prev", "add", "done", "edit", "rm", "mv", "filter", "find", "clear", "open", "undo",
          "redo",
        ]
    )
  }

  @Test func otherCommandsAreNotTheTodos() throws {
    #expect(try view.parse("inc") == nil)
  }

  // MARK: - Commands

  @Test func todosPrintsTheList() throws {
    #expect(try outcome("todos") == .print(view.render(state(), style: .plain)))
  }

  @Test func add() throws {
    #expect(try outcome("add Buy bread") == .send(.add("Buy bread")))
    #expect(try outcome(#"add "Buy bread""#) == .send(.add("Buy bread")))
  }

  @Test func doneTogglesTheTodoAtThePosition() throws {
    #expect(try outcome("done 2") == .send(.todos(.element(id: UUID(1), action: .toggleCompleted))))
  }

  @Test func positionsCountTheFilteredList() throws {
    #expect(
      try outcome("done 2", state(filter: .active))
        == .send(.todos(.element(id: UUID(2), action: .toggleCompleted)))
    )
    #expect(try outcome("rm 1", state(filter: .completed)) == .send(.delete(id: UUID(1))))
  }

  @Test func edit() throws {
    #expect(
      try outcome("edit 1 Buy oat milk")
        == .send(.todos(.element(id: UUID(0), action: .descriptionChanged("Buy oat milk"))))
    )
    #expect(
      try outcome(#"edit 1 "Buy oat milk""#)
        == .send(.todos(.element(id: UUID(0), action: .descriptionChanged("Buy oat milk"))))
    )
  }

  @Test func remove() throws {
    #expect(try outcome("rm 3") == .send(.delete(id: UUID(2))))
  }

  /// Moving up lands the todo before the one at the target position; moving down, after it.
  @Test func move() throws {
    #expect(try outcome("mv 1 3") == .send(.move(id: UUID(0), to: .after(UUID(2)))))
    #expect(try outcome("mv 1 2") == .send(.move(id: UUID(0), to: .after(UUID(1)))))
    #expect(try outcome("mv 3 1") == .send(.move(id: UUID(2), to: .before(UUID(0)))))
    #expect(try outcome("mv 2 2") == .send(.move(id: UUID(1), to: .before(UUID(1)))))
  }

  @Test(arguments: [("mv 1 3", ["Walk dog", "Call mum", "Buy milk"]), ("mv 3 2", ["Buy milk", "Call mum", "Walk dog"])])
  @MainActor func moveLandsTheTodoAtTheTargetPosition(line: String, order: [String]) async throws {
    guard case .send(.move(let id, let destination)) = try outcome(line) else {
      Issue.record("\(line) does not move")
      return
    }
    let database = try todosDatabase(list)
    let state = withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(sortCompleted: SharedReader(value: false))
    }
    let store = TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.defaultDatabase = database
    }
    await store.send(.move(id: id, to: destination))
    #expect(store.state.window.rows.map(\.description) == order)
  }

  @Test func filter() throws {
    #expect(try outcome("filter all") == .send(.filterChanged(.all)))
    #expect(try outcome("filter active") == .send(.filterChanged(.active)))
    #expect(try outcome("filter completed") == .send(.filterChanged(.completed)))
  }

  @Test func clear() throws {
    #expect(try outcome("clear") == .send(.clearCompletedButtonTapped))
  }

  // MARK: - Bad arguments

  @Test(arguments: [
    ("todos all more", #"todos takes one position or all, got "more" too"#),
    ("todos 9", "no todo 9: the list shows 3"),
    ("todos x", #"position must be a whole number, got "x""#),
    ("next", "no next page: 1-3 of 3 is the end of the list"),
    ("prev", "no previous page: 1-3 of 3 is the start of the list"),
    ("clear all", #"clear takes no arguments, got "all""#),
    ("add", "text must not be empty: usage: add <text>"),
    (#"add "  ""#, "text must not be empty: usage: add <text>"),
    ("done", "missing position: usage: done <n>"),
    ("done x", #"position must be a whole number, got "x""#),
    ("done 7", "no todo 7: the list shows 3"),
    ("done 0", "no todo 0: the list shows 3"),
    ("done 1 2", #"done takes one position, got "2" too"#),
    ("edit", "missing position: usage: edit <n> <text>"),
    ("edit 2", "text must not be empty: usage: edit <n> <text>"),
    ("edit 4 Buy bread", "no todo 4: the list shows 3"),
    ("rm", "missing position: usage: rm <n>"),
    ("rm -1", "no todo -1: the list shows 3"),
    ("rm 1 2", #"rm takes one position, got "2" too"#),
    ("mv", "missing from: usage: mv <from> <to>"),
    ("mv 1", "missing to: usage: mv <from> <to>"),
    ("mv one 2", #"from must be a whole number, got "one""#),
    ("mv 1 9", "no todo 9: the list shows 3"),
    ("mv 1 2 3", #"mv takes two positions, got "3" too"#),
    ("filter", "missing filter: usage: filter all|active|completed"),
    ("filter done", #"filter must be one of all, active, completed, got "done""#),
    ("filter all active", #"filter takes one value, got "active" too"#),
    // What was typed is shown with control characters escaped, never sent to the terminal.
    ("done \u{1B}[2J", #"position must be a whole number, got "\e[2J""#),
    // Kept, such text would reach the terminal each time the list is shown; a NUL would be cut
    // short by the database.
    ("add Buy \u{1B}[2Jmilk", #"text must not contain control characters, got "Buy \e[2Jmilk""#),
    ("add \0nul", #"text must not contain control characters, got "\0nul""#),
    ("edit 1 a\u{7F}", #"text must not contain control characters, got "a\u{7F}""#),
    ("rm 1 \u{07}\0", #"rm takes one position, got "\a\0" too"#),
  ])
  func badArguments(line: String, message: String) {
    #expect(error(line) == message)
  }

  @Test func outOfRangeInAFilteredListNamesTheFilter() {
    #expect(error("done 2", state(filter: .completed)) == "no todo 2: the list shows 1 (filter: completed)")
  }

  @Test func noPositionInAnEmptyList() {
    #expect(error("rm 1", state([])) == "no todo 1: the list is empty")
  }

  // MARK: - Rendering

  @Test func renderTheList() {
    assertInlineSnapshot(of: view, as: .terminal(state())) {
      """
      todos: 2 active, 1 completed (filter: all)
        1. [ ] Buy milk
        2. [x] Walk dog
        3. [ ] Call mum
      """
    }
  }

  /// Text another program wrote to the list is shown with its control characters escaped: the
  /// display keeps its lines, and the terminal is not told to clear the screen.
  @Test func renderShowsControlCharactersAsEscapes() {
    let written = [
      Todo.State(id: UUID(0), description: "Buy \u{1B}[2Jmilk"),
      Todo.State(id: UUID(1), description: "Walk\ndog", isComplete: true),
    ]
    assertInlineSnapshot(of: view, as: .terminal(state(written))) {
      #"""
      todos: 1 active, 1 completed (filter: all)
        1. [ ] Buy \e[2Jmilk
        2. [x] Walk\ndog
      """#
    }
  }

  @Test func renderTheFilteredList() {
    assertInlineSnapshot(of: view, as: .terminal(state(filter: .active))) {
      """
      todos: 2 active, 1 completed (filter: active)
        1. [ ] Buy milk
        2. [ ] Call mum
      """
    }
  }

  @Test func renderAnEmptyList() {
    assertInlineSnapshot(of: view, as: .terminal(state([]))) {
      """
      todos: 0 active, 0 completed (filter: all)
        no todos yet: add one with add <text>
      """
    }
  }

  @Test func renderAFilterThatShowsNothing() {
    assertInlineSnapshot(of: view, as: .terminal(state([list[0]], filter: .completed))) {
      """
      todos: 1 active, 0 completed (filter: completed)
        no completed todos
      """
    }
  }

  /// A row another program wrote that is not a todo: the list says it cannot be read, rather
  /// than look empty.
  @Test func aListThatCannotBeReadSaysSo() throws {
    let database = try todosDatabase(list)
    try database.write { db in
      try db.execute(sql: #"INSERT INTO "todos" ("id", "description", "position") VALUES ('7', 'Odd', -1)"#)
    }
    let state = withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(sortCompleted: SharedReader(value: true))
    }
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
      todos: 0 active, 0 completed (filter: all)
        could not read the list: todo id 7 is not a UUID
      """
    }
  }

  @Test func renderAlignsTwoDigitPositions() {
    let todos = (0..<10).map { Todo.State(id: UUID($0), description: "Todo \($0 + 1)") }
    let lines = view.render(state(todos), style: .plain)
    #expect(lines[1] == "   1. [ ] Todo 1")
    #expect(lines[10] == "  10. [ ] Todo 10")
  }

  @Test func renderStyled() {
    let lines = view.render(state(), style: .ansi)
    #expect(lines[0] == "\u{1B}[1mtodos:\u{1B}[0m 2 active, 1 completed \u{1B}[2m(filter: all)\u{1B}[0m")
    #expect(lines[2] == "  2. \u{1B}[32m[x]\u{1B}[0m \u{1B}[2mWalk dog\u{1B}[0m")
  }

  // MARK: - Completion

  @Test func commandsTakingAPositionCompleteThePositionsShown() {
    for line in ["done ", "rm ", "open ", "edit "] {
      #expect(completion(line, state()).candidates == ["1", "2", "3"], "\(line)")
    }
    let active = state(filter: .active)
    #expect(completion("done ", active).candidates == ["1", "2"])
    #expect(completion("mv 2 ", active).candidates == ["1", "2"])
    #expect(completion("mv 2 1 ", active).candidates.isEmpty)
    #expect(completion("edit 1 ", active).candidates.isEmpty)
  }

  @Test func filterCompletesItsValues() {
    #expect(completion("filter a", state()).candidates == ["all", "active"])
    #expect(completion("add ", state()).candidates.isEmpty)
  }

  // MARK: - Helpers

  private func completion(_ typed: String, _ state: Todos.State) -> CommandCompletion {
    CommandCompletion(typed: typed, commands: view.commands) { view.completions(for: $0, state: state) }
  }

  /// The list's state over a database of its own holding `todos` (by default, ``list``).
  private func state(_ todos: [Todo.State]? = nil, filter: Filter = .all) -> Todos.State {
    let database = try! todosDatabase(todos ?? list)
    return withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(filter: filter, sortCompleted: SharedReader(value: true))
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
