import ComposableCore
import Locking

/// Whether the display is stale: a shared value's listener reports a change, from any thread;
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
final class RedrawSchedule {
  private struct Flags {
    var isStale = false
    var isScheduled = false
    var scheduled = 0
  }

  private nonisolated let flags = Lock(Flags())
  private nonisolated let schedulesRedraws: Bool
  private let redraw: @MainActor () -> Void
  private nonisolated let willRedraw: @Sendable () -> Bool

  /// A schedule that draws with `redraw`; one that `schedulesRedraws` also draws, at the next
  /// chance the main actor has, a change reported outside a send. While `willRedraw` holds on
  /// the thread reporting a change (it is processing a send, and the program redraws after it),
  /// the change schedules nothing: that redraw draws it.
  init(
    schedulesRedraws: Bool = true,
    willRedraw: @escaping @Sendable () -> Bool = { false },
    redraw: @escaping @MainActor () -> Void
  ) {
    self.schedulesRedraws = schedulesRedraws
    self.willRedraw = willRedraw
    self.redraw = redraw
  }

  /// Marks the display stale and, if it schedules redraws and none is already due or sure to
  /// come, schedules one.
  nonisolated func markStale() {
    // NB: A change a send makes (a reducer's write to a shared value) is drawn by the redraw
    //     after the send: a redraw scheduled for it would find nothing.
    let isDrawnAfter = schedulesRedraws && willRedraw()
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
  func flushIfStale() {
    if clearStale() { redraw() }
  }

  /// Redraws now, stale or not.
  func flush() {
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
  var isStale: Bool {
    flags.withLock { $0.isStale }
  }

  /// How many redraws were scheduled so far (for tests).
  nonisolated var scheduledRedraws: Int {
    flags.withLock { $0.scheduled }
  }

  /// The scheduled redraw: a later report may schedule another.
  private func scheduledFlush() {
    flags.withLock { $0.isScheduled = false }
    flushIfStale()
  }
}
