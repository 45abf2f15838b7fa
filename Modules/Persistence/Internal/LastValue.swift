import Locking

/// The last non-`nil` value a view of an optional saw, so it keeps answering once it becomes `nil`.
final class LastValue<Value: Sendable>: Sendable {
  private let value: Lock<Value>

  init(_ value: Value) {
    self.value = Lock(value)
  }

  /// `new` when there is one (remembering it), else the last one seen.
  func update(_ new: Value?) -> Value {
    value.withLock { last in
      if let new { last = new }
      return last
    }
  }
}
