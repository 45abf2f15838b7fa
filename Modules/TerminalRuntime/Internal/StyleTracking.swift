import ComposableCore
import Synchronization
import TerminalUI

/// The program's style is made from the state at every frame; it is also tracked, so that a
/// change to what it reads (a color setting, another process's write to it) marks the display
/// stale like a change to a feature's frame. The tracking is armed when a frame is made and
/// none is armed, and disarmed by the change it reports: one observer at a time, however many
/// frames are made.
final class StyleTracking: Sendable {
  private let isArmed = Atomic<Bool>(false)

  /// The style `make` makes now, tracked if no tracking is armed; `onChange` is called at the
  /// first change to what it read.
  func style(_ make: () -> TextStyle, onChange: @escaping @Sendable () -> Void) -> TextStyle {
    guard !isArmed.exchange(true, ordering: .acquiringAndReleasing) else { return make() }
    return withChangeTracking(make) { [self] in
      isArmed.store(false, ordering: .releasing)
      onChange()
    }
  }
}
