import Locking
import Synchronization

/// Whether a child's effects were ever tagged with a ``NavigationID`` of one key path, in any
/// store of the process: set for good the first time, and shared by every `ifLet` on the path.
///
/// Besides an alert's answer, `ifLet` reads its child before and after its parent runs for one
/// reason: to cancel the child's effects once the child goes. Until effects have been tagged
/// under its path there are none to cancel, so a prepared `ifLet` runs an action that is not
/// the child's without reading the child at all, and one that is without reading it again after
/// the parent. Through a computed property (TCA's benchmark feature keeps its child so), each
/// read is the key path's projection at run time, most of a root send's cost. A presentation's
/// `ifLet` likewise runs an action that is not the presentation's through its base alone,
/// without the books it keeps of what it presented (read and compared before and after).
///
/// NB: Kept per key path, not per reducer: two `ifLet`s on one path in one store (in two sibling
///     scopes) tag their children's effects with the same ids, and one's dismissal cancels the
///     other's effects, as in the Composable Architecture; effects of either set the mark for
///     both. Read without ordering: a store sees its own marks in the order it made them, and
///     another store's effects are not its to cancel.
@usableFromInline
final class NavigationEffectsMark: Sendable {
  @usableFromInline let isSet = Atomic<Bool>(false)

  private init() {}

  /// Whether effects were ever tagged under the path.
  @inlinable
  var hasTaggedEffects: Bool {
    isSet.load(ordering: .relaxed)
  }

  /// Notes that effects are tagged under the path, for good.
  @inlinable
  func noteTaggedEffects() {
    if !hasTaggedEffects { isSet.store(true, ordering: .relaxed) }
  }

  /// The mark of `keyPath`: one object for all equal key paths.
  @usableFromInline
  static func mark(for keyPath: AnyKeyPath) -> NavigationEffectsMark {
    marks.withLock { marks in
      if let mark = marks[Key(keyPath: keyPath)] { return mark }
      let mark = NavigationEffectsMark()
      marks[Key(keyPath: keyPath)] = mark
      return mark
    }
  }

  /// A key path as a key of ``marks``.
  private struct Key: Hashable, @unchecked Sendable {
    // NB: Key paths are immutable; `@unchecked` only because `AnyKeyPath` does not declare
    //     `Sendable` on every platform, as in `NavigationID`.
    let keyPath: AnyKeyPath
  }

  private static let marks = Lock<[Key: NavigationEffectsMark]>([:])
}
