import Locking

/// Whether the display is stale: a shared value reports a change (``SharedChangeListeners``),
/// from any thread;
/// a program draws after each send anyway (``flush()``), since the send may have changed what a
/// frame read. Typed, a report of a change made outside a send also schedules one redraw on the
/// main actor, so that the change (another process's write) is drawn at the idle prompt: the
/// first report of a burst schedules it, the rest find it scheduled. A change a send makes
/// schedules nothing: the redraw after the send draws it. Piped, nothing is
/// scheduled: a change from outside a send is drawn with the next send, so a script's output is
/// the same on every run.
///
/// NB: At most one scheduled redraw is pending at a time. A program processing lines draws
///     after each send and does not yield between lines, so a task scheduled for every line
///     would find nothing to draw and only cost a wake-up.
@MainActor
package final class RedrawSchedule {
  private struct Flags {
    var isStale = false
    var isScheduled = false
    var scheduled = 0
    /// The token of ``startListening()``'s listener, while it listens.
    var listening: Int?
  }

  private nonisolated let flags = Lock(Flags())
  private nonisolated let schedulesRedraws: Bool
  private let redraw: @MainActor () -> Void
  private nonisolated let sender: StoreSender?

  /// A schedule that draws with `redraw`; one that `schedulesRedraws` also draws, at the next
  /// chance the main actor has, a change reported outside a send. A change reported on a thread
  /// processing a send of the store `sender` names schedules nothing: the program redraws after
  /// the send, and that redraw draws it.
  package init(
    schedulesRedraws: Bool = true,
    sender: StoreSender? = nil,
    redraw: @escaping @MainActor () -> Void
  ) {
    self.schedulesRedraws = schedulesRedraws
    self.sender = sender
    self.redraw = redraw
  }

  /// Marks the display stale at every change to a shared value that was read, until
  /// ``stopListening()``.
  package func startListening() {
    let token = SharedChangeListeners.add { [weak self] _ in self?.markStale() }
    let previous = flags.withLock { flags in
      defer { flags.listening = token }
      return flags.listening
    }
    if let previous {
      SharedChangeListeners.remove(previous)
    }
  }

  /// Stops what ``startListening()`` started.
  package func stopListening() {
    let token = flags.withLock { flags in
      defer { flags.listening = nil }
      return flags.listening
    }
    if let token { SharedChangeListeners.remove(token) }
  }

  /// Marks the display stale and, if it schedules redraws and none is already due or sure to
  /// come, schedules one.
  package nonisolated func markStale() {
    // NB: A change a send makes (a reducer's write to a shared value) is drawn by the redraw
    //     after the send: a redraw scheduled for it would find nothing.
    let isDrawnAfter = schedulesRedraws && sender?.isProcessingOnThisThread == true
    let schedules = flags.withLock { flags in
      flags.isStale = true
      guard schedulesRedraws, !isDrawnAfter, !flags.isScheduled else { return false }
      flags.isScheduled = true
      flags.scheduled += 1
      return true
    }
    guard schedules else { return }
    // NB: Detached: whoever made the change (any thread, any task, a test's) lends the redraw
    //     none of its task-local values, which it would otherwise keep alive until the redraw.
    Task.detached { @MainActor [weak self] in self?.scheduledFlush() }
  }

  /// Redraws now if the display is stale.
  package func flushIfStale() {
    if clearStale() { redraw() }
  }

  /// Redraws now, stale or not.
  package func flush() {
    clearStale()
    redraw()
  }

  /// Clears the flag; returns whether it was set.
  ///
  /// NB: The flag is cleared before the redraw: a change reported while the frame is being
  ///     made marks the display stale again, and is drawn next.
  @discardableResult
  private func clearStale() -> Bool {
    flags.withLock { flags in
      defer { flags.isStale = false }
      return flags.isStale
    }
  }

  /// Whether something drawn has changed since the last redraw.
  package var isStale: Bool {
    flags.withLock { $0.isStale }
  }

  /// How many redraws were scheduled so far (for tests).
  package nonisolated var scheduledRedraws: Int {
    flags.withLock { $0.scheduled }
  }

  /// The scheduled redraw: a later report may schedule another.
  private func scheduledFlush() {
    flags.withLock { $0.isScheduled = false }
    flushIfStale()
  }
}
