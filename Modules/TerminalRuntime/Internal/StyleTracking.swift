import ComposableCore
import Synchronization
import TerminalUI

/// The program's style, made from the state and tracked, so that a change to what it reads (a
/// color setting, another process's write to it) marks the display stale like a change to a
/// feature's frame. The tracking is armed when the style is made, and disarmed by the change it
/// reports: one observer at a time, however many frames are made. While it is armed, the style
/// made last is the style, when the state is `@ObservableState` (``keepsStyle``), whose writes
/// observation announces; otherwise it is made again at every frame.
final class StyleTracking: Sendable {
  private let isArmed = Atomic<Bool>(false)
  private let kept = Mutex<TextStyle?>(nil)
  /// Whether the style made last is kept while nothing it read has changed.
  let keepsStyle: Bool

  /// Tracking that keeps the style it made while nothing it read has changed, if `keepsStyle`.
  init(keepsStyle: Bool) {
    self.keepsStyle = keepsStyle
  }

  /// The style made last while nothing it read has changed, else the style `make` makes now,
  /// tracked if no tracking is armed; `onChange` is called at the first change to what it read.
  func style(_ make: () -> TextStyle, onChange: @escaping @Sendable () -> Void) -> TextStyle {
    if keepsStyle, isArmed.load(ordering: .acquiring), let style = kept.withLock({ $0 }) { return style }
    guard !isArmed.exchange(true, ordering: .acquiringAndReleasing) else { return make() }
    let style = withChangeTracking(make) { [self] in
      isArmed.store(false, ordering: .releasing)
      onChange()
    }
    kept.withLock { $0 = style }
    return style
  }
}
