import Locking
import Synchronization

/// Who hears of every change a shared value announces, from the thread that made it: a typed
/// terminal program, which draws at its idle prompt a change made outside a send (another
/// process's write to a file or a database), having no other way to learn of it until the next
/// line.
@usableFromInline
package enum SharedChangeListeners {
  private static let listeners = Lock(Listening())
  private static let lastToken = Atomic<Int>(0)
  /// How many listen: while none does, a change skips the lock.
  @usableFromInline static let count = Atomic<Int>(0)

  /// Calls `listener` at every change to a shared value that was read, with the value's
  /// announcer, until ``remove(_:)`` with the token returned.
  package static func add(_ listener: @escaping @Sendable (ChangeAnnouncer) -> Void) -> Int {
    let token = lastToken.add(1, ordering: .relaxed).newValue
    listeners.withLock { $0.byToken[token] = listener }
    count.add(1, ordering: .releasing)
    return token
  }

  /// Stops calling the listener `token` names.
  package static func remove(_ token: Int) {
    guard listeners.withLock({ $0.byToken.removeValue(forKey: token) }) != nil else { return }
    count.subtract(1, ordering: .releasing)
  }

  /// Tells every listener that the shared value `announcer` announces for changed.
  @inlinable
  package static func announce(_ announcer: ChangeAnnouncer) {
    guard count.load(ordering: .acquiring) > 0 else { return }
    notifyAll(announcer)
  }

  /// Calls every listener, outside the lock (a listener may add or remove one).
  ///
  /// NB: The listeners are taken as the array kept beside them, made again only when one is
  ///     added or removed: a copy of the dictionary's values at every change to a shared value
  ///     allocated and freed an array each time.
  @usableFromInline
  static func notifyAll(_ announcer: ChangeAnnouncer) {
    for listener in listeners.withLock({ $0.all }) { listener(announcer) }
  }

  /// The listeners by token, and the same listeners as an array that a change takes whole.
  private struct Listening {
    var byToken: [Int: @Sendable (ChangeAnnouncer) -> Void] = [:] {
      didSet { all = Array(byToken.values) }
    }
    private(set) var all: [@Sendable (ChangeAnnouncer) -> Void] = []
  }
}
