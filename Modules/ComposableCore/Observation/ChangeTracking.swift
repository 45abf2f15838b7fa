import Observation
import Persistence
import Synchronization

/// Runs `apply`, then calls `onChange` once, at the first change to anything `apply` read that
/// observation announces: a member of `@ObservableState` state, a shared value.
///
/// `withObservationTracking` alone installs its observers only once `apply` returns: a change
/// made on another thread in between (a file watcher taking another process's write) reaches no
/// observer, and whatever was made from the read stays stale. Here the shared values `apply`
/// read are noted with their change counts as they are read, and a change in that window calls
/// `onChange` at once.
///
/// A terminal program keeps each feature's frame until its tracking calls `onChange`, the way
/// SwiftUI keeps a view's body until observation says something it read changed.
package func withChangeTracking<Result>(
  _ apply: () -> Result,
  onChange: @escaping @Sendable () -> Void
) -> Result {
  let change = FirstChange(onChange)
  let (result, reads) = SharedReadRecord.recording {
    withObservationTracking(apply) { change.announce() }
  }
  if reads.hasChanged { change.announce() }
  return result
}

/// Calls its closure on the first announcement only: observation and the check of the window
/// before it may both report the same change.
private final class FirstChange: Sendable {
  private let hasBeenAnnounced = Atomic<Bool>(false)
  private let onChange: @Sendable () -> Void

  init(_ onChange: @escaping @Sendable () -> Void) {
    self.onChange = onChange
  }

  func announce() {
    guard !hasBeenAnnounced.exchange(true, ordering: .acquiringAndReleasing) else { return }
    onChange()
  }
}
