import Locking
import Observation
import Persistence
import Synchronization
import TerminalUI

/// The last frame a scoped view made for a store, kept until something it read changes, so that
/// a redraw after a change to one feature makes that feature's frame alone.
///
/// The frame is made under observation tracking of its own. A reader — the session, tracking the
/// whole screen — is told of a change through ``changes``, which every call reads: a kept frame
/// reads nothing else, so without it the session would not learn that the feature changed.
@MainActor
final class FeatureFrameCache<Action>: Observable {
  private var kept: TerminalFrame<Action>?
  private var style: TextStyle?
  private weak var store: AnyObject?
  /// Set, from any thread, when something the kept frame read changes.
  private nonisolated let isStale = Lock(true)
  private nonisolated let registrar = ObservationRegistrar()
  private nonisolated let invalidations = Atomic<UInt>(0)
  // NB: Made once: a key path into a generic class is instantiated anew at each use.
  private nonisolated(unsafe) let changesKeyPath: KeyPath<FeatureFrameCache, Int>

  init() {
    changesKeyPath = \.changes
  }

  /// Announced when the kept frame goes stale; its value means nothing.
  var changes: Int { 0 }

  /// The frame kept for `store` and `style`, or a new one from `make` when it is stale.
  func frame(
    for store: AnyObject,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    SharedReadRecord.noteRead(of: self)
    registrar.access(self, keyPath: changesKeyPath)
    if let kept, self.store === store, self.style == style, !isStale.withLock({ $0 }) {
      return kept
    }
    isStale.withLock { $0 = false }
    let (frame, reads) = SharedReadRecord.recording {
      withObservationTracking(make) { [weak self] in
        self?.invalidate()
      }
    }
    // NB: a shared value changed on another thread after `make` read it, before the tracking
    //     was installed, is announced to no one: the frame may show the old value.
    if reads.hasChanged { invalidate() }
    kept = frame
    self.style = style
    self.store = store
    return frame
  }

  /// Marks the kept frame stale and tells whoever read ``changes``.
  private nonisolated func invalidate() {
    invalidations.add(1, ordering: .releasing)
    isStale.withLock { $0 = true }
    registrar.withMutation(of: self, keyPath: changesKeyPath) {}
  }
}

extension FeatureFrameCache: ChangeCounting {
  /// How often the kept frame went stale: a session that read ``changes`` before the frame was
  /// invalidated, inside its own tracking's window, redraws.
  nonisolated var changeCount: UInt { invalidations.load(ordering: .acquiring) }
}
