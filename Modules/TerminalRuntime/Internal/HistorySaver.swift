import Dispatch
import Locking

/// Saves the line editor's history on a queue of its own, so that a typed line goes to the
/// program at once: saving writes a file and waits for `fsync`, which takes as long as the disk
/// does — a millisecond at rest, seconds while the system writes out other work. Saved on the
/// editor's thread before the line was handed over, a command could wait that long before it
/// ran, and every output in between waited too.
///
/// Saves are coalesced: a save asked for while another waits its turn replaces it, so the file
/// gets the latest lines. ``flush()`` waits until every save asked for is made: the editor calls
/// it before it stops, so the last line typed is in the file when the program ends.
final class HistorySaver: Sendable {
  private let write: @Sendable ([String]) throws -> Void
  private let report: @Sendable (String) -> Void
  private let queue = DispatchQueue(label: "terminal-runtime.history-saver")
  private let state = Lock(State())

  private struct State {
    /// The lines to save next, while a save of them is scheduled and not yet started.
    var pending: [String]?
    var hasReportedError = false
  }

  /// Saves with `write`; the first error is told to `report`, in one line, and later ones are
  /// not.
  init(write: @escaping @Sendable ([String]) throws -> Void, report: @escaping @Sendable (String) -> Void) {
    self.write = write
    self.report = report
  }

  /// Saves `lines` soon, off the caller's thread.
  func save(_ lines: [String]) {
    let isScheduled = state.withLock { state in
      defer { state.pending = lines }
      return state.pending != nil
    }
    guard !isScheduled else { return }
    queue.async { self.saveNext() }
  }

  /// Waits until every save asked for so far is made.
  func flush() {
    queue.sync {}
  }

  private func saveNext() {
    guard let lines = state.withLock({ $0.pending.take() }) else { return }
    do {
      try write(lines)
    } catch {
      let isFirst = state.withLock { state in
        defer { state.hasReportedError = true }
        return !state.hasReportedError
      }
      if isFirst { report("Could not save the command history: \(error.localizedDescription)\n") }
    }
  }
}
