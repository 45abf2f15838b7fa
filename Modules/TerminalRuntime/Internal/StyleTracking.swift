import ChangeTracking
import ComposableCore
import TerminalUI

/// The program's style, made from the state, its reads noted like a feature's frame's: while
/// none of them has changed (a color setting, another process's write to it), the style made
/// last is the style. For state that is not `@ObservableState` (``keepsStyle`` false), whose
/// writes announce nothing, it is made again at every frame.
@MainActor
final class StyleTracking {
  private var kept: (style: TextStyle, reads: ReadRecord)?
  /// Whether the style made last is kept while nothing it read has changed.
  let keepsStyle: Bool

  /// Tracking that keeps the style it made while nothing it read has changed, if `keepsStyle`.
  init(keepsStyle: Bool) {
    self.keepsStyle = keepsStyle
  }

  /// The style made last while nothing it read has changed, else the style `make` makes now.
  func style(_ make: () -> TextStyle) -> TextStyle {
    guard keepsStyle else { return make() }
    if let kept, !kept.reads.hasChanged { return kept.style }
    let (style, reads) = ReadRecord.recording(make)
    kept = (style, reads)
    return style
  }
}
