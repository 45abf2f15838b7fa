import Locking
import Synchronization

/// The callbacks observing one root reference.
@usableFromInline
final class Observers<Value>: Sendable {
  private let callbacks = Lock<(nextID: Int, byID: [Int: @Sendable (Value) -> Void])>((0, [:]))
  @usableFromInline let count = Atomic<Int>(0)

  /// Whether anyone observes: a single atomic load, so an unobserved mutation pays nothing more.
  @inlinable
  var isActive: Bool { count.load(ordering: .relaxed) > 0 }

  func add(_ callback: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let id = callbacks.withLock { state in
      defer { state.nextID += 1 }
      state.byID[state.nextID] = callback
      return state.nextID
    }
    count.add(1, ordering: .relaxed)
    return SharedSubscription { [weak self] in
      guard let self else { return }
      if self.callbacks.withLock({ $0.byID.removeValue(forKey: id) }) != nil {
        self.count.subtract(1, ordering: .relaxed)
      }
    }
  }

  func notify(_ value: Value) {
    let current = callbacks.withLock { Array($0.byID.values) }
    for callback in current { callback(value) }
  }
}
