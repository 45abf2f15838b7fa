/// A key that reads the value only when it actually writes, instead of receiving a copy on every
/// mutation. Holding no copy between writes keeps a growing array from being copied on each append.
@usableFromInline
protocol LazilySavingKey<Value>: SharedKey {
  /// Notes that the value changed; `read` returns the latest value (or `nil` once it is gone).
  func scheduleSave(_ read: @escaping @Sendable () -> Value?)
  /// Notes, while the value's lock is held, that a change is about to be scheduled, so a change
  /// read from outside meanwhile does not replace it.
  func noteChange()
}
