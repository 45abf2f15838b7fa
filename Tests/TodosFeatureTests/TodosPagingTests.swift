import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import TerminalUI
import Testing
import TodosFeature

/// A long list shows one page, of the rows the terminal has room for (the page size the terminal's
/// height sets); `next`, `prev` and `todos <n>` move it, `todos all` prints every todo, and positions keep meaning positions in
/// the whole list as shown, on any page.
@MainActor
struct TodosPagingTests {
  let view = TodosView()
  /// The database of the state made last, which the view reads a position off the window from.
  let database = LockIsolated<(any DatabaseWriter)?>(nil)

  /// `count` todos, `todo 1` (id 0) first, every `completedEvery`th one completed.
  struct List {
    var count: Int
    var completedEvery: Int
  }

  func list(_ count: Int, completedEvery: Int = 0) -> List {
    List(count: count, completedEvery: completedEvery)
  }

  /// The list's state over a database of its own holding `list`, inserted in one statement, its
  /// words indexed for find together at the end, as an import indexes them.
  func state(_ list: List, filter: Filter = .all, scrolledTo offset: Int = 0, pageSize: Int = 4) -> Todos.State {
    let database = TodosDatabase.inMemory()
    try! database.write { db in
      let last = try TodosWordIndex.deferIndexing(db)
      try db.execute(sql: """
        WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < ?)
        INSERT INTO "todos" ("id", "description", "isComplete", "position")
        SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'todo ' || ("i" + 1),
          ? > 0 AND ("i" + 1) % max(?, 1) = 0, "i"
        FROM "n"
        """, arguments: [list.count, list.completedEvery, list.completedEvery])
      try TodosWordIndex.indexRows(after: last, db)
    }
    self.database.setValue(database)
    return withDependencies { $0.defaultDatabase = database } operation: {
      Todos.State(filter: filter, scrollOffset: offset, pageSize: pageSize, sortCompleted: SharedReader(value: true))
    }
  }

  func outcome(_ line: String, _ state: Todos.State) -> ParsedLine<Todos.Action> {
    withDependencies { $0.defaultDatabase = database.value! } operation: {
      ParsedLine.parse(line, commands: view.commands) { invocation throws(ArgumentError) in
        try view.interpret(invocation, state: state)
      }
    }
  }

  @Test func aLongListShowsOnePageAndSaysHowToSeeTheRest() {
    #expect(
      view.render(state(list(10)), style: .plain) == [
        "todos: 10 active, 0 completed (filter: all)",
        "  1. [ ] todo 1",
        "  2. [ ] todo 2",
        "  3. [ ] todo 3",
        "  4. [ ] todo 4",
        "  1-4 of 10: next, todos <n>, todos all",
      ]
    )
  }

  @Test func thePageHoldingTheOffsetScrolledToIsShown() {
    #expect(
      view.render(state(list(10), scrolledTo: 9), style: .plain) == [
        "todos: 10 active, 0 completed (filter: all)",
        "   9. [ ] todo 9",
        "  10. [ ] todo 10",
        "  9-10 of 10: prev, todos <n>, todos all",
      ]
    )
  }

  @Test func anOffsetPastTheEndShowsTheLastPage() {
    #expect(view.render(state(list(5), scrolledTo: 40), style: .plain).dropFirst().first == "  5. [ ] todo 5")
  }

  @Test func aFilteredListPagesThroughTheTodosItShows() {
    #expect(
      view.render(state(list(12, completedEvery: 3), filter: .completed, scrolledTo: 2, pageSize: 2), style: .plain) == [
        "todos: 8 active, 4 completed (filter: completed)",
        "  3. [x] todo 9",
        "  4. [x] todo 12",
        "  3-4 of 4: prev, todos <n>, todos all",
      ]
    )
  }

  @Test func pipedAPageIsTwentyRows() {
    let lines = view.render(state(list(100), pageSize: Todos.State.defaultPageSize), style: .plain)
    #expect(lines.count == 22)
    #expect(lines.last == "  1-20 of 100: next, todos <n>, todos all")
  }

  @Test func nextPrevAndTodosNMoveThePage() {
    #expect(outcome("next", state(list(10))) == .command(.send(.scrolled(to: 4))))
    #expect(outcome("next", state(list(10), scrolledTo: 5)) == .command(.send(.scrolled(to: 8))))
    #expect(outcome("prev", state(list(10), scrolledTo: 9)) == .command(.send(.scrolled(to: 4))))
    #expect(outcome("todos 7", state(list(10))) == .command(.send(.scrolled(to: 6))))
  }

  @Test func pastEitherEndIsOneClearLine() {
    #expect(outcome("next", state(list(10), scrolledTo: 9)) == .rejected("no next page: 9-10 of 10 is the end of the list"))
    #expect(outcome("prev", state(list(10))) == .rejected("no previous page: 1-4 of 10 is the start of the list"))
    #expect(outcome("todos 11", state(list(10))) == .rejected("no todo 11: the list shows 10"))
    #expect(outcome("todos 0", state(list(10))) == .rejected("no todo 0: the list shows 10"))
  }

  @Test func aPositionOffThePageStillNamesItsTodo() {
    #expect(outcome("done 9", state(list(10))) == .command(.send(.todos(.element(id: UUID(8), action: .toggleCompleted)))))
    #expect(outcome("open 10", state(list(10))) == .command(.send(.openTodo(id: UUID(9)))))
  }

  @Test func todosPrintsThePageAndTodosAllPrintsEveryTodo() {
    #expect(outcome("todos", state(list(10))) == .command(.print(view.render(state(list(10)), style: .plain))))
    guard case .command(.print(let lines)) = outcome("todos all", state(list(10))) else {
      Issue.record("todos all prints")
      return
    }
    #expect(lines.count == 11)
    #expect(lines.last == "  10. [ ] todo 10")
  }

  @Test func completionOffersThePositionsOnThePage() {
    let state = state(list(100), scrolledTo: 5)
    let invocation = Invocation(command: view.commands.first { $0.name == "done" }!, arguments: [])
    #expect(view.completions(for: invocation, state: state) == ["5", "6", "7", "8"])
  }

  @Test func scrollingAndFilteringMoveTheWindow() async {
    let initial = state(list(3, completedEvery: 3))
    let store = TestStore(initialState: initial) {
      Todos()
    } withDependencies: { [database] in
      $0.defaultDatabase = database.value!
    }
    await store.send(.scrolled(to: 2)) { $0.scrollOffset = 2 }
    await store.send(.scrolled(to: -5)) { $0.scrollOffset = 0 }
    await store.send(.scrolled(to: 2)) { $0.scrollOffset = 2 }
    await store.send(.filterChanged(.active)) {
      $0.filter = .active
      $0.scrollOffset = 0
    }
    #expect(store.state.window.rows.map(\.description) == ["todo 1", "todo 2"])
  }

  /// The terminal's height sets the page: the window is read again for a page of the new size,
  /// holding the todo scrolled to; the same size again changes nothing.
  @Test func aNewPageSizeReadsThePageOfThatSize() async {
    let initial = state(list(30), scrolledTo: 13)
    let store = TestStore(initialState: initial) {
      Todos()
    } withDependencies: { [database] in
      $0.defaultDatabase = database.value!
    }
    #expect(store.state.window.start == 12)
    #expect(store.state.window.rows.count == 4)
    await store.send(.pageSizeChanged(10)) { $0.pageSize = 10 }
    #expect(store.state.window.start == 10)
    #expect(store.state.window.rows.map(\.description).first == "todo 11")
    #expect(store.state.window.rows.count == 10)
    #expect(view.render(store.state, style: .plain).last == "  11-20 of 30: next, prev, todos <n>, todos all")
    await store.send(.pageSizeChanged(10))
    await store.send(.pageSizeChanged(0)) { $0.pageSize = 1 }
    #expect(store.state.window.rows.map(\.description) == ["todo 14"])
  }
}
