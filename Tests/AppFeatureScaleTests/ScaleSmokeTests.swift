import AppFeature
import ComposableCore
import Foundation
import Persistence
import SharingGRDB
import TerminalRuntime
import TerminalUI
import Testing
import TodosFeature

/// The whole app, piped, over 100,000 todos: every command prints a page at most, and the run
/// takes seconds. A path that printed, rendered or diffed the whole list per command (as the
/// display once did) makes this run for minutes, and its output megabytes.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ScaleSmokeTests {
  static let count = 100_000

  @Test func aHundredThousandTodosCostAPagePerCommand() async {
    let written = LockIsolated<[String]>([])
    let errors = LockIsolated<[String]>([])
    let database = await Self.database(Self.count)
    await withDependencies {
      $0.context = .test
      $0.uuid = .incrementing
      $0.continuousClock = ImmediateClock()
      $0.defaultDatabase = database
    } operation: {
      var state = AppFeature.State()
      state.todos = Todos.State(sortCompleted: SharedReader(value: true))
      let store = Store(initialState: state) { AppFeature() }
      let program = TerminalProgram(
        store: store, view: AppView(), configuration: .init(isInteractive: false),
        output: TerminalOutput(
          output: { text in written.withValue { $0.append(text) } },
          error: { text in errors.withValue { $0.append(text) } }
        )
      )
      let lines = ["inc", "add new", "edit 1 renamed", "done 1", "rm 1", "done 95000", "todos 99999", "next", "prev", "inc"]
      let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
      for line in lines { continuation.yield(.line(line)) }
      continuation.yield(.end)
      continuation.finish()
      #expect(await program.run(.events(stream)) == 0)
      #expect(store.state.todos.window.counts.total == Self.count)
      // NB: `done 1` completed the todo added (sorted to the bottom at once, on the immediate
      //     clock), so `rm 1` removed "todo 1"; `done 95000` completed the one then there.
      #expect(Self.completed(in: database) == ["renamed", "todo 95001"])
    }
    #expect(errors.value == ["no next page: 99981-100000 of 100000 is the end of the list\n"])
    let printed = written.value.joined().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(printed.count < 30 * 10, "\(printed.count) lines printed for 10 commands")
    #expect(printed.contains("  99981-100000 of 100000: prev, todos <n>, todos all"))
  }

  /// An `inc` at a million todos makes the counter's frame again and keeps the todos': a kept
  /// frame is kept by observation, which compares nothing the list holds, and the list is not
  /// read again.
  @Test func anIncAtAMillionTodosMakesNoTodoFrameAgain() async {
    let database = await Self.database(1_000_000)
    withDependencies {
      $0.context = .test
      $0.uuid = .incrementing
      $0.defaultDatabase = database
    } operation: {
      var state = AppFeature.State()
      state.todos = Todos.State(sortCompleted: SharedReader(value: true))
      let store = Store(initialState: state) { AppFeature() }
      let view = AppView()
      let cache = TerminalFrameCache()
      let first = view.frame(for: store.state, style: .plain, cache: cache)
      #expect(first.lines.contains("   1. [ ] todo 1"))
      let todosFrames = cache.child(2).madeInAll
      store.send(.counter(.incrementButtonTapped))
      let second = view.frame(for: store.state, style: .plain, cache: cache)
      #expect(second.lines.first == "count: 1")
      #expect(cache.child(2).madeInAll == todosFrames)
      #expect(cache.child(0).madeInAll == 2)
    }
  }

  /// The descriptions of the completed todos, sorted.
  nonisolated static func completed(in database: any DatabaseWriter) -> [String]? {
    try? database.read { db in
      try String.fetchAll(db, sql: #"SELECT "description" FROM "todos" WHERE "isComplete" ORDER BY "description""#)
    }
  }

  /// A database of `count` todos, `todo 1` first, made on a thread of its own: the main actor
  /// and the cooperative pool are needed by the suites running beside this one meanwhile.
  static func database(_ count: Int) async -> any DatabaseWriter {
    await withCheckedContinuation { continuation in
      Thread {
        let database = TodosDatabase.inMemory()
        try! database.write { db in
          // NB: these tests find nothing: the todos' words are left unindexed, which at a
          //     million todos would take most of the suite's minute.
          _ = try TodosWordIndex.deferIndexing(db)
          try db.execute(sql: """
            WITH RECURSIVE "n"("i") AS (SELECT 1 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" < ?)
            INSERT INTO "todos" ("id", "description", "isComplete", "position")
            SELECT printf('00000000-0000-0000-0000-%012X', "i" + 1000000), 'todo ' || "i", 0, "i" FROM "n"
            """, arguments: [count])
          try TodosWordIndex.indexRows(after: .max, db)
        }
        continuation.resume(returning: database)
      }.start()
    }
  }
}
