/// What a key uses to push outside changes into the reference that subscribed.
public struct SharedSubscriber<Value: Sendable>: Sendable {
  let yieldValue: @Sendable (Value) -> Void
  let yieldInitial: @Sendable () -> Void
  let yieldLoadError: @Sendable (any Error) -> Void
  let saveResult: @Sendable ((any Error)?) -> Void
  let yieldValueIf: @Sendable (Value?, () -> Bool) -> Bool

  init(
    yield: @escaping @Sendable (Value) -> Void,
    yieldInitialValue: @escaping @Sendable () -> Void,
    yieldError: @escaping @Sendable (any Error) -> Void,
    reportSave: @escaping @Sendable ((any Error)?) -> Void,
    yieldIf: (@Sendable (Value?, () -> Bool) -> Bool)? = nil
  ) {
    self.yieldValue = yield
    self.yieldInitial = yieldInitialValue
    self.yieldLoadError = yieldError
    self.saveResult = reportSave
    self.yieldValueIf = yieldIf ?? { value, condition in
      guard condition() else { return false }
      if let value { yield(value) } else { yieldInitialValue() }
      return true
    }
  }

  /// Replaces the value (or resets it to its default, for `nil`) only if `condition` holds when
  /// checked under the reference's lock; returns whether it did.
  func yield(_ value: Value?, if condition: () -> Bool) -> Bool { yieldValueIf(value, condition) }

  /// Replaces the reference's value with one read from outside, and clears its `loadError`.
  public func yield(_ value: Value) { yieldValue(value) }

  /// Resets the reference to its default value, e.g. because the stored value was removed.
  public func yieldReturningInitialValue() { yieldInitial() }

  /// Reports a failure to read; the reference keeps its last good value and sets `loadError`.
  public func yield(throwing error: any Error) { yieldLoadError(error) }

  /// Reports the outcome of a deferred save: an error sets `saveError`, `nil` clears it.
  public func reportSave(_ error: (any Error)?) { saveResult(error) }
}
