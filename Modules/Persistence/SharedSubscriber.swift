/// What a key uses to push changes made outside the process into the reference that subscribed.
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?
  let onSave: (@Sendable ((any Error)?) -> Void)?
  let conditionalYield: (@Sendable (Value?, () -> Bool) -> Bool)?
  let onLoadErrorCleared: (@Sendable () -> Void)?

  /// Creates a subscriber that calls `callback` with each outcome (a value, `nil` for the initial
  /// value, or an error) and `onLoading` when the key starts or stops loading.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.init(callback: callback, onLoading: onLoading, onSave: nil, conditionalYield: nil, onLoadErrorCleared: nil)
  }

  init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)?,
    onSave: (@Sendable ((any Error)?) -> Void)?,
    conditionalYield: (@Sendable (Value?, () -> Bool) -> Bool)?,
    onLoadErrorCleared: (@Sendable () -> Void)?
  ) {
    self.callback = callback
    self.onLoading = onLoading
    self.onSave = onSave
    self.conditionalYield = conditionalYield
    self.onLoadErrorCleared = onLoadErrorCleared
  }

  /// Replaces the reference's value with one read from outside, and clears its `loadError`.
  public func yield(_ value: Value) {
    yield(with: .success(value))
  }

  /// Tells the reference whether the key is loading a new value (`isLoading`).
  public func yieldLoading(_ isLoading: Bool = true) {
    onLoading?(isLoading)
  }

  /// Resets the reference to its initial value, e.g. because the stored value was removed.
  public func yieldReturningInitialValue() {
    yield(with: .success(nil))
  }

  /// Reports a failure to read; the reference keeps its last good value and sets `loadError`.
  public func yield(throwing error: any Error) {
    yield(with: .failure(error))
  }

  /// Hands the reference an outcome: a value, `nil` for the initial value, or an error.
  public func yield(with result: Result<Value?, any Error>) {
    callback(result)
  }

  /// Replaces the value (or resets it, for `nil`) only if `condition` holds when checked under the
  /// reference's lock; returns whether it did.
  func yield(_ value: Value?, if condition: () -> Bool) -> Bool {
    if let conditionalYield { return conditionalYield(value, condition) }
    guard condition() else { return false }
    yield(with: .success(value))
    return true
  }

  /// Clears `loadError`: a write made the stored value good again.
  func clearLoadError() {
    onLoadErrorCleared?()
  }

  /// Reports the outcome of a deferred save: an error sets `saveError`, `nil` clears it.
  func reportSave(_ error: (any Error)?) {
    onSave?(error)
  }
}
