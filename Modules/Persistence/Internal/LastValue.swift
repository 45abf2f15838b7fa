import Locking

/// The last non-`nil` value a view of an optional saw, so it keeps answering once it becomes `nil`.
///
/// NB: a value replaced here is released after the lock: its `deinit` is the user's code, which
///     may read the same view again.
final class LastValue<Value: Sendable>: Sendable {
  private let value: Lock<Value>

  init(_ value: Value) {
    self.value = Lock(value)
  }

  /// The last value seen.
  var current: Value { value.withLock { $0 } }

  /// `new` when there is one (remembering it), else the last one seen.
  func update(_ new: Value?) -> Value {
    guard let new else { return current }
    var replaced = new
    value.withLock { swap(&$0, &replaced) }
    return new
  }
}
