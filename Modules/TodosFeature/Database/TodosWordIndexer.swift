import Dispatch
import GRDB
import Locking

/// Reads, off the main actor, the words of the todos an import left to index
/// (``TodosWordIndex/indexLater(after:_:)``): a slice of ``slice`` todos per transaction on the
/// database's writer, so that a command waits for one slice at most, until none are left.
///
/// The import's todos are shown, paged and changed at once; a find before their words are all
/// read reads the rest first (``TodosWordIndex/indexEveryPending(in:)``). Stopped (the app
/// quits), it ends after the slice under way; a kill leaves each slice written or not at all,
/// and the next start goes on from there. Two apps on one database may both read slices: each
/// reads the range left when its transaction starts, so no slice is read twice.
///
/// ```swift
/// let indexer = TodosWordIndexer(database: pool)
/// indexer.stop()  // at quit
/// ```
final class TodosWordIndexer: Sendable {
  /// How many todos' words one transaction reads: about 15 ms of the writer's time for short
  /// descriptions.
  static let slice: Int64 = 2_000

  private let isStopped = Lock(false)
  private let group = DispatchGroup()

  /// Starts reading the words left to index in `database`, one slice after another.
  init(database: any DatabaseWriter) {
    group.enter()
    readSlice(of: database)
  }

  /// Queues the next slice on the writer: behind the writes already waiting for it, so that a
  /// command waits for one slice at most.
  private func readSlice(of database: any DatabaseWriter) {
    database.asyncWriteWithoutTransaction { [self] db in
      guard !isStopped.withLock({ $0 }) else { return group.leave() }
      // NB: a slice that fails (another app held the write lock past the busy timeout) is
      //     left to a find, which reads what is left, or to the next start.
      var left: Int64?
      try? db.inTransaction(.immediate) {
        left = try TodosWordIndex.indexPending(limit: Self.slice, db)
        return .commit
      }
      guard let left, left > 0 else { return group.leave() }
      readSlice(of: database)
    }
  }

  /// Waits until every word is read, or reading stopped.
  func wait() {
    group.wait()
  }

  /// Stops after the slice under way, and waits for it to end.
  func stop() {
    isStopped.withLock { $0 = true }
    group.wait()
  }
}
