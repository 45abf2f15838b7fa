import Locking
import Synchronization

/// The slot a `Shared` or `SharedReader` and all its copies read their reference from, so
/// reassigning the projected value (`$value = other`) reaches every copy.
///
/// NB: reading is one atomic load. A replaced target is kept until the box goes away, because a
///     reader may still hold the pointer it loaded; reassignment is rare, so few accumulate.
@usableFromInline
final class ReferenceBox<Target: AnyObject & Sendable>: @unchecked Sendable {
  @usableFromInline let current: Atomic<Unmanaged<Target>>
  private let replaced = Lock<[Target]>([])

  init(_ target: Target) {
    current = Atomic(Unmanaged.passRetained(target))
  }

  @inlinable
  var target: Target {
    current.load(ordering: .acquiring).takeUnretainedValue()
  }

  func replace(with target: Target) {
    let previous = current.exchange(Unmanaged.passRetained(target), ordering: .acquiringAndReleasing)
    replaced.withLock { $0.append(previous.takeRetainedValue()) }
  }

  deinit {
    current.load(ordering: .acquiring).release()
  }
}
