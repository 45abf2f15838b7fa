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

/// `open <n>` and the todo's own screen: its breadcrumb, its commands, its question.
struct TodoEditorViewTests {
  let list = TodosView()
  let view = TodoEditorView()
  let database: any DatabaseWriter

  init() throws {
    database = try todosDatabase([
      Todo.State(id: UUID(0), description: "Buy milk"),
      Todo.State(id: UUID(1), description: "Walk dog", isComplete: true, notes: "the long way"),
    ])
  }

  @Test func openNamesTheTodoAtThePositionShown() throws {
    #expect(try outcome("open 2", listState()) == .send(.openTodo(id: UUID(1))))
    #expect(try outcome("open 1", listState(filter: .completed)) == .send(.openTodo(id: UUID(1))))
    #expect(error("open 3", listState()) == "no todo 3: the list shows 2")
  }

  @Test func noScreenUntilATodoIsOpened() {
    #expect(list.screen(for: listState()) == nil)
  }

  @Test func theOpenedTodosScreenHasABreadcrumbAndPopsOnBack() throws {
    var state = listState()
    state.path.append(editor(UUID(1)))
    let screen = try #require(inDatabase { list.screen(for: state) })
    #expect(screen.title == "todos › todo 2")
    assertInlineSnapshot(of: list, as: .terminal(state)) {
      """
      todos › todo 2
        [x] Walk dog
        notes: the long way
      """
    }
    #expect(screen.commands.map(\.name) == ["rename", "done", "note", "delete"])
    guard case .path(.popFrom(id: let id)) = screen.back else {
      Issue.record("back should pop the screen")
      return
    }
    #expect(id == state.path.ids.last)
  }

  @Test func theBreadcrumbFollowsThePositionAsShownNow() throws {
    var state = listState()
    state.path.append(editor(UUID(0)))
    try database.write { db in try TodosOrder.move(UUID(0), to: .after(UUID(1)), db) }
    #expect(try #require(inDatabase { list.screen(for: state) }).title == "todos › todo 2")
    try database.write { db in try TodosOrder.delete(UUID(0), db) }
    #expect(try #require(inDatabase { list.screen(for: state) }).title == "todos › deleted todo")
  }

  /// A todo the filter hides is named by its position in the whole list.
  @Test func theBreadcrumbOfATodoTheFilterHidesCountsTheWholeList() throws {
    var state = listState(filter: .active)
    state.path.append(editor(UUID(1)))
    #expect(try #require(inDatabase { list.screen(for: state) }).title == "todos › todo 2")
  }

  @Test func theScreensCommandsEditTheOpenedTodo() throws {
    var state = listState()
    state.path.append(editor(UUID(0)))
    let screen = try #require(inDatabase { list.screen(for: state) })
    let id = try #require(state.path.ids.last)
    func send(_ line: String) throws -> CommandOutcome<Todos.Action> {
      try #require(try screen.parse(line).commandOutcome())
    }
    #expect(try send("rename Buy oat milk") == .send(.path(.element(id: id, action: .todo(.descriptionChanged("Buy oat milk"))))))
    #expect(try send("done") == .send(.path(.element(id: id, action: .todo(.toggleCompleted)))))
    #expect(try send("note 2% fat") == .send(.path(.element(id: id, action: .todo(.notesChanged("2% fat"))))))
    #expect(try send("note") == .send(.path(.element(id: id, action: .todo(.notesChanged(""))))))
    #expect(try send("rm") == .send(.path(.element(id: id, action: .deleteButtonTapped))))
  }

  @Test func withoutNotesItSaysHowToAddSome() {
    let state = editor(UUID(0))
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
        [ ] Buy milk
        notes: none — add some with note <text>
      """
    }
  }

  /// Text another program wrote is shown with its control characters escaped; typed, such text
  /// is refused in one line.
  @Test func controlCharactersAreShownAsEscapesAndRefusedWhenTyped() throws {
    try database.write { db in
      try db.execute(
        sql: "UPDATE todos SET description = ?, notes = ? WHERE id = ?",
        arguments: ["Buy \u{1B}[2Jmilk", "a\u{07}b\nc", UUID(0).uuidString]
      )
    }
    let state = editor(UUID(0))
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      #"""
        [ ] Buy \e[2Jmilk
        notes: a\ab\nc
      """#
    }
    for (line, message) in [
      ("note 2% \0fat", #"notes must not contain control characters, got "2% \0fat""#),
      ("rename \u{1B}]0;owned", #"text must not contain control characters, got "\e]0;owned""#),
    ] {
      let invocation = try #require(try view.parse(line))
      #expect(throws: ArgumentError(message)) { try view.interpret(invocation, state: state) }
    }
  }

  /// A todo another app deleted while its screen is open says so.
  @Test func aDeletedTodoSaysSo() throws {
    let state = editor(UUID(0))
    try database.write { db in try TodosOrder.delete(UUID(0), db) }
    assertInlineSnapshot(of: view, as: .terminal(state)) {
      """
        this todo was deleted — type back
      """
    }
  }

  @Test func deletingAsks() throws {
    var state = editor(UUID(0))
    #expect(view.question(for: state) == nil)
    state.alert = .deleteTodo("Buy milk")
    let question = try #require(view.question(for: state))
    #expect(question.lines(style: .plain) == [#"Delete "Buy milk"? [y/N]"#])
    #expect(question.answer("y") == .alert(.presented(.confirmDeletion)))
    #expect(question.answer("") == .alert(.dismiss))
  }

  @Test func renameNeedsText() throws {
    let state = editor(UUID(0))
    let invocation = try #require(try view.parse("rename"))
    do throws(ArgumentError) {
      _ = try view.interpret(invocation, state: state)
      Issue.record("rename without text should fail")
    } catch {
      #expect(error.message.contains("text"))
    }
  }

  private func listState(filter: Filter = .all) -> Todos.State {
    inDatabase { Todos.State(filter: filter, sortCompleted: SharedReader(value: true)) }
  }

  private func editor(_ id: UUID) -> TodoEditor.State {
    inDatabase { TodoEditor.State(id: id) }
  }

  /// `body`, reading this test's database.
  private func inDatabase<T>(_ body: () throws -> T) rethrows -> T {
    try withDependencies { $0.defaultDatabase = database } operation: { try body() }
  }

  private func outcome(_ line: String, _ state: Todos.State) throws -> CommandOutcome<Todos.Action> {
    try #require(try inDatabase { try list.parse(line, state: state).commandOutcome() })
  }

  private func error(_ line: String, _ state: Todos.State) -> String? {
    switch inDatabase({ list.parse(line, state: state) }) {
    case .command: nil
    case .rejected(let message): message
    default: "not a todos command"
    }
  }
}
