import ComposableCore
import ConcurrencyExtras

/// Counts how many times observation announced a change to what `read` read, re-arming after
/// each announcement as a view re-renders: `observed.changes` after mutations.
@MainActor
final class Observed {
  private let read: @MainActor () -> Void
  private let fired = LockIsolated(0)

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  /// The announcements so far.
  var changes: Int { fired.value }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [fired] in
      fired.withValue { $0 += 1 }
    }
  }

  /// Reads again, as a view does after it was told of a change, so the next change is seen.
  func rearm() {
    track()
  }
}
