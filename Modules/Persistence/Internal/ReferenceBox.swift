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

  /// Runs `body` with the current target, without retaining it: the box keeps every target it
  /// held until it goes away, and the caller holds the box, so the target outlives `body`.
  ///
  /// NB: A read or a `withLock` otherwise pays a retain and a release of the target (and of
  ///     the root reference read from it): atomic operations, about two thirds of a read.
  @inlinable
  func withTarget<R>(_ body: (Target) -> R) -> R {
    current.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
  }

  func replace(with target: Target) {
    let previous = current.exchange(Unmanaged.passRetained(target), ordering: .acquiringAndReleasing)
    replaced.withLock { $0.append(previous.takeRetainedValue()) }
  }

  deinit {
    current.load(ordering: .acquiring).release()
  }
}
