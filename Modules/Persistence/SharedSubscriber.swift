/// What a key uses to push outside changes into the reference that subscribed.
public struct SharedSubscriber<Value: Sendable>: Sendable {
  let yieldValue: @Sendable (Value) -> Void
  let yieldInitial: @Sendable () -> Void
  let yieldLoadError: @Sendable (any Error) -> Void
  let saveResult: @Sendable ((any Error)?) -> Void

  init(
    yield: @escaping @Sendable (Value) -> Void,
    yieldInitialValue: @escaping @Sendable () -> Void,
    yieldError: @escaping @Sendable (any Error) -> Void,
    reportSave: @escaping @Sendable ((any Error)?) -> Void
  ) {
    self.yieldValue = yield
    self.yieldInitial = yieldInitialValue
    self.yieldLoadError = yieldError
    self.saveResult = reportSave
  }

  /// Replaces the reference's value with one read from outside, and clears its `loadError`.
  public func yield(_ value: Value) { yieldValue(value) }

  /// Resets the reference to its default value, e.g. because the stored value was removed.
  public func yieldReturningInitialValue() { yieldInitial() }

  /// Reports a failure to read; the reference keeps its last good value and sets `loadError`.
  public func yield(throwing error: any Error) { yieldLoadError(error) }

  /// Reports the outcome of a deferred save: an error sets `saveError`, `nil` clears it.
  public func reportSave(_ error: (any Error)?) { saveResult(error) }
}
