import ComposableCore
import Locking

/// Coalesces "the screen is stale" reports, which observation makes from any thread, into one
/// redraw on the main actor: the first report of a burst schedules it, the rest find it
/// scheduled. ``flushIfStale()`` draws at once, as a session does when a send is processed.
///
/// NB: At most one scheduled redraw is pending at a time. A session processing piped lines
///     draws after each send through ``flushIfStale()`` and does not yield between lines, so
///     a task scheduled for every line would find nothing to draw and only cost a wake-up.
@MainActor
final class RedrawSchedule {
  private struct Flags {
    var isStale = false
    var isScheduled = false
    var scheduled = 0
  }

  private nonisolated let flags = Lock(Flags())
  private let redraw: @MainActor () -> Void

  init(redraw: @escaping @MainActor () -> Void) {
    self.redraw = redraw
  }

  /// Marks the screen stale and, unless a redraw is already due, schedules one.
  nonisolated func markStale() {
    let schedules = flags.withLock { flags in
      flags.isStale = true
      guard !flags.isScheduled else { return false }
      flags.isScheduled = true
      flags.scheduled += 1
      return true
    }
    guard schedules else { return }
    Task { @MainActor [weak self] in self?.scheduledFlush() }
  }

  /// Redraws now if the screen is stale.
  func flushIfStale() {
    let wasStale = flags.withLock { flags in
      defer { flags.isStale = false }
      return flags.isStale
    }
    if wasStale { redraw() }
  }

  /// Forgets that the screen is stale, for a redraw made now; a redraw already scheduled
  /// finds nothing to draw.
  func clearStale() {
    flags.withLock { $0.isStale = false }
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
