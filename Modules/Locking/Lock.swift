import Synchronization

/// A mutual-exclusion lock around a value, as fast as `Synchronization.Mutex` and visible to
/// ThreadSanitizer.
///
/// On Linux, `Mutex` parks threads on a futex that ThreadSanitizer does not intercept, so two
/// accesses that are both made under the same `Mutex` are reported as a race. `Lock` wraps a
/// `Mutex` and, in a process that runs under ThreadSanitizer, tells it about every acquire and
/// release (see ``ThreadSanitizer``). In any other process that costs one predictable branch
/// on a flag the lock keeps beside its mutex.
///
/// Use it exactly as `Mutex`:
///
/// ```swift
/// private let state = Lock(State())
/// state.withLock { $0.count += 1 }
/// ```
@frozen
@usableFromInline
package struct Lock<Value: ~Copyable>: ~Copyable, Sendable {
  /// Whether this process runs under ThreadSanitizer, read once when the lock is made so the
  /// critical path tests a field of the lock rather than a lazily initialized global.
  @usableFromInline let isAnnotated: Bool
  @usableFromInline let mutex: Mutex<Value>
  /// Never read: it owns the address just past the mutex.
  ///
  /// NB: An empty value (`Lock<Void>`, which guards storage kept elsewhere) has no bytes of its
  ///     own, so its address is the next field's; ThreadSanitizer records the `inout` access
  ///     `withLock` makes to it as a one-byte write there. Were that field `isAnnotated`, read
  ///     outside the lock by every caller, each contended `withLock` would be a reported race.
  @usableFromInline let pastTheValue: UInt8

  /// Creates a lock holding `initialValue`.
  @inlinable
  package init(_ initialValue: consuming sending Value) {
    self.isAnnotated = ThreadSanitizer.isActive
    self.mutex = Mutex(initialValue)
    self.pastTheValue = 0
  }

  /// Calls `body` with exclusive access to the value and returns what it returns.
  ///
  /// As with `Mutex`, `body` must not call `withLock` on the same lock again.
  @inlinable
  package borrowing func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    if _slowPath(isAnnotated) {
      return try withAnnotatedLock(body)
    }
    return try mutex.withLock(body)
  }

  /// `withLock` under ThreadSanitizer: the critical section is announced to the sanitizer.
  ///
  /// NB: Kept out of line so the inlined fast path stays as small as `Mutex.withLock`.
  @usableFromInline
  @inline(never)
  borrowing func withAnnotatedLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    guard let hooks = ThreadSanitizer.hooks else { return try mutex.withLock(body) }
    // NB: The lock's own address names it to ThreadSanitizer. `Lock` is non-copyable and
    //     address-only (it holds a `Mutex`), so a borrow of it is its storage: the address is
    //     the same on every thread for as long as the lock lives.
    let address = withUnsafePointer(to: self) { UnsafeMutableRawPointer(mutating: $0) }
    return try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      hooks.acquire(address)
      defer { hooks.release(address) }
      return try body(&value)
    }
  }
}
