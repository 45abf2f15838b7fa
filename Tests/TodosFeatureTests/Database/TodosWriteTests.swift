import ComposableTestSupport
import Foundation
import Persistence
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature
import TodosTesting

/// A change made while another app holds the database's write lock: the reducer does not wait
/// for it; the change is queued behind it, in order, and written once it is done, or the list
/// says it could not be saved once the busy timeout has passed.
///
/// A reducer that waited for the lock would hold `send` until the busy timeout (two minutes
/// here) ran out: the suite's time limit fails it first.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TodosWriteTests {
  /// Another app's transaction on `file`, held until ``release()``: the test's own connection.
  final class OtherApp {
    let queue: DatabaseQueue

    init(_ file: URL) throws {
      // NB: GRDB lets a transaction outlast the access that opened it only when asked to.
      var configuration = Configuration()
      configuration.allowsUnsafeTransactions = true
      queue = try DatabaseQueue(path: file.path, configuration: configuration)
      try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    }

    /// Ends its transaction: the lock is free.
    func release() throws {
      try queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
    }
  }

  /// A migrated database in `directory` whose writes wait `busyTimeout` for a lock.
  static func database(in directory: TemporaryDirectory, busyTimeout: TimeInterval) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    let pool = try DatabasePool(path: directory.file(TodosDatabase.fileName).path, configuration: configuration)
    try TodosSchema.migrator.migrate(pool)
    return pool
  }

  func makeStore(_ database: any DatabaseWriter) -> TestStore<Todos.State, Todos.Action> {
    let state = withDependencies {
      $0.defaultDatabase = database
    } operation: {
      Todos.State(sortCompleted: SharedReader(value: false))
    }
    return TestStore(initialState: state) {
      Todos()
    } withDependencies: {
      $0.defaultDatabase = database
      $0.uuid = .incrementing
    }
  }

  @Test func changesMadeWhileAnotherAppWritesWaitBehindItInOrderAndAreWrittenOnceItIsDone() async throws {
    let directory = try TemporaryDirectory()
    // NB: a busy timeout far longer than the test's time limit: a reducer that waited for the
    //     lock would hold `send` until it ran out, the other app's transaction ending only after
    //     both sends.
    let database = try Self.database(in: directory, busyTimeout: 900)
    let store = makeStore(database)
    let other = try OtherApp(directory.file(TodosDatabase.fileName))

    await store.send(.add("Waits"))
    await store.send(.add("Then this"))
    #expect(store.state.window.rows.isEmpty)
    #expect(try descriptions(database).isEmpty)

    try other.release()
    await store.finish()
    #expect(store.state.window.rows.map(\.description) == ["Then this", "Waits"])
    #expect(try descriptions(database) == ["Then this", "Waits"])
    #expect(store.state.alert == nil)

    // NB: with nothing queued and the lock free, a change is written at once again.
    await store.send(.add("At once"))
    #expect(store.state.window.rows.map(\.description) == ["At once", "Then this", "Waits"])
  }

  @Test func aChangeStillLockedOutAfterTheBusyTimeoutIsToldAndNothingIsChanged() async throws {
    let directory = try TemporaryDirectory()
    let database = try Self.database(in: directory, busyTimeout: 0.2)
    let store = makeStore(database)
    let other = try OtherApp(directory.file(TodosDatabase.fileName))

    await store.send(.add("Waits"))
    await store.receive(.writeFailed("database is locked"), timeout: .seconds(30)) {
      $0.alert = .writeFailed("database is locked")
    }
    try other.release()
    #expect(try descriptions(database).isEmpty)
  }

  @Test func anEditOnItsOwnScreenWaitsBehindAnotherAppsWrite() async throws {
    let directory = try TemporaryDirectory()
    let database = try Self.database(in: directory, busyTimeout: 900)
    let id = UUID(0)
    try await database.write { db in try TodosOrder.insertOnTop(Todo.State(id: id, description: "Buy milk"), db) }
    let state = withDependencies { $0.defaultDatabase = database } operation: { TodoEditor.State(id: id) }
    let store = TestStore(initialState: state) { TodoEditor() } withDependencies: { $0.defaultDatabase = database }
    let other = try OtherApp(directory.file(TodosDatabase.fileName))

    await store.send(.todo(.descriptionChanged("Buy oat milk")))
    #expect(store.state.todo?.description == "Buy milk")

    try other.release()
    await store.finish()
    #expect(store.state.todo?.description == "Buy oat milk")
  }
}
