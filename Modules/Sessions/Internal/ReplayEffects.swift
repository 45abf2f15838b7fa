import ComposableCore
import Locking

/// Counts the tasks of the effects the replayed reducer returned that are still running, so the
/// walk can tell a call that may still come from one that cannot.
///
/// A task counts from the moment the store starts it, before it has run at all: on a busy
/// machine the cooperative pool may keep a task that is about to call a dependency, or send an
/// action, waiting for longer than the replay's patience.
final class ReplayEffects: _EffectObserver {
  private let running = Lock(0)

  /// How many tasks are running.
  var count: Int { running.withLock { $0 } }

  func effectDidStart(_ handle: EffectHandle) {
    running.withLock { $0 += 1 }
  }

  func effectDidFinish(_ handle: EffectHandle) {
    running.withLock { $0 -= 1 }
  }
}
