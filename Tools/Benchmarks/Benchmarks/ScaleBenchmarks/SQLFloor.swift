import BenchmarkSupport
import Foundation
import GRDB
import TodosFeature

/// The floor of a command that touches one todo, at a list size: the SQL the app runs for it —
/// the change in one immediate transaction, then the counts and the page of 20 it shows — through
/// GRDB in a plain loop, over a copy of the same list, with no store, terminal or process.
///
/// The change is made by the same functions the app's reducer calls (`TodosOrder`,
/// `Todo.Action.apply(toTodo:_:)`), recorded as a step of the history as the app records it
/// (`TodosHistory.record`, whose triggers keep what undo needs), and the page read by the same
/// request (`TodosWindow`), so the floor runs the app's statements; the connection is configured
/// as the app configures its own (`synchronous = NORMAL`, statement journals in memory, no
/// checkpoint on the writer's connection: the app checkpoints off the command's path). What the floor leaves out is all the app adds: parsing the line, the store,
/// observing the database for the page, drawing and printing it.
struct SQLFloor {
  /// Wall-clock nanoseconds per command, the page read included.
  let nanosecondsPerCommand: Int

  /// Runs `lines` of `command` over a copy of the `size` todos' database, topped up first (not
  /// measured) to the todos the lines need, as the app's scripts are.
  init(_ command: ScaleCommand, size: Int, lines: Int) {
    let run = TodoFixture.freshRun(size: size)
    defer { removeScratchDirectory(run.scratch) }
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      if !db.configuration.readonly { try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
    }
    let path = run.data.appendingPathComponent(TodosDatabaseFile.fileName).path
    let pool = try! DatabasePool(path: path, configuration: configuration)
    defer { try! pool.close() }
    let toppedUp = max(0, command.todosNeeded(lines: lines) - size)
    try! pool.write { db in
      for index in 0..<toppedUp {
        try TodosOrder.insertOnTop(Todo.State(id: UUID(), description: "seed \(index)"), db)
      }
    }
    let page = TodosWindow(filter: .all, offset: 0, size: 20)
    var shown = try! pool.read(page.fetch)
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<lines {
      let change = Self.change(command, line: index, shown: shown)
      try! pool.writeWithoutTransaction { db in
        try db.inTransaction(.immediate) {
          try TodosHistory.record(in: db, change)
          return .commit
        }
      }
      shown = try! pool.read(page.fetch)
    }
    nanosecondsPerCommand = nanoseconds(clock.now - start) / max(1, lines)
  }

  /// The write the app makes for line `line` of `command`, given the page it shows: todo 1 and 2
  /// are the page's first two rows.
  private static func change(
    _ command: ScaleCommand, line: Int, shown: TodosWindow.Value
  ) -> @Sendable (Database) throws -> Void {
    let first = shown.rows.first?.id
    let second = shown.rows.dropFirst().first?.id
    switch command {
    case .add:
      let todo = Todo.State(id: UUID(), description: "x \(line)")
      return { db in try TodosOrder.insertOnTop(todo, db) }
    case .edit:
      let text = line.isMultiple(of: 2) ? "y" : "z"
      return { db in try Todo.Action.descriptionChanged(text).apply(toTodo: first!, db) }
    case .done:
      return { db in try Todo.Action.toggleCompleted.apply(toTodo: first!, db) }
    case .rm:
      return { db in try TodosOrder.delete(first!, db) }
    case .mv:
      return { db in try TodosOrder.move(first!, to: .after(second!), db) }
    case .inc, .done950000, .findEvery, .findOne, .findFar, .undo:
      fatalError("\(command) has no SQL floor")
    }
  }
}
