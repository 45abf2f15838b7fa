import ComposableCore

/// Coalesces "the screen is stale" reports, which observation makes from any thread, into one
/// redraw on the main actor: the first report of a burst schedules it, the rest find it
/// scheduled. ``flushIfStale()`` draws at once, as a session does when a send is processed.
@MainActor
final class RedrawSchedule {
  private nonisolated let isStale = LockIsolated(false)
  private let redraw: @MainActor () -> Void

  init(redraw: @escaping @MainActor () -> Void) {
    self.redraw = redraw
  }

  /// Marks the screen stale and, unless a redraw is already due, schedules one.
  nonisolated func markStale() {
    let wasStale = isStale.withValue { stale in
      let was = stale
      stale = true
      return was
    }
    guard !wasStale else { return }
    Task { @MainActor [weak self] in self?.flushIfStale() }
  }

  /// Redraws now if the screen is stale.
  func flushIfStale() {
    let wasStale = isStale.withValue { stale in
      let was = stale
      stale = false
      return was
    }
    if wasStale { redraw() }
  }
}
