import Synchronization

/// A weak reference that can be captured by `@Sendable` closures and filled in later.
final class WeakBox<Object: AnyObject & Sendable>: Sendable {
  private let storage = Mutex<WeakReference?>(nil)

  private struct WeakReference: @unchecked Sendable {
    weak var object: Object?
  }

  var object: Object? {
    get { storage.withLock { $0?.object } }
    set { storage.withLock { $0 = WeakReference(object: newValue) } }
  }
}
