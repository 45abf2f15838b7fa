import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock that the thread holding it may take again, as `NSRecursiveLock`, built on ``Lock`` so
/// that ThreadSanitizer sees its critical sections.
///
/// Only the outermost `withLock` on a thread locks and unlocks: a nested one finds the calling
/// thread recorded as the owner and runs its body at once. Other threads wait their turn as they
/// would for ``Lock``.
///
/// ```swift
/// private let lock = RecursiveLock()
/// lock.withLock {
///   lock.withLock { … }   // the same thread: runs at once
/// }
/// ```
///
/// NB: The owner is compared with relaxed loads. A thread reads its own identifier only if it
///     stored it itself and has not cleared it yet (its own writes are seen in its program
///     order), so a match always means "this thread holds the lock"; any other value sends the
///     caller to the mutex, which orders everything else.
@frozen
@usableFromInline
package struct RecursiveLock: ~Copyable, Sendable {
  @usableFromInline let lock: Lock<Void>
  /// The holding thread's identifier, or 0 while the lock is free.
  @usableFromInline let owner: Atomic<UInt>

  /// Creates an unlocked lock.
  @inlinable
  package init() {
    self.lock = Lock(())
    self.owner = Atomic(0)
  }

  /// Whether the calling thread holds the lock: `body` of a `withLock` runs on it.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == Self.currentThread
  }

  /// Calls `body` while holding the lock and returns what it returns; on the thread that already
  /// holds it, calls `body` at once.
  @inlinable
  package borrowing func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let thread = Self.currentThread
    if owner.load(ordering: .relaxed) == thread { return try body() }
    var result: Result?
    try lock.withLock { _ throws(Failure) in
      owner.store(thread, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      result = try body()
    }
    return result.unsafelyUnwrapped
  }

  /// The calling thread's identifier: never 0.
  @inlinable
  static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
