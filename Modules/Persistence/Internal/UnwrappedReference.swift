/// A view of a reference to an optional value as a reference to the wrapped value.
///
/// Created only while the base holds a value. If the base later becomes `nil`, the reference keeps
/// answering with the last value it saw, and mutations apply to that copy only.
final class UnwrappedReference<Wrapped: Sendable>: MutableReference, Sendable {
  private let base: any MutableReference<Wrapped?>
  private let lastValue: LastValue<Wrapped>

  init?(base: any MutableReference<Wrapped?>) {
    guard let value = base.value else { return nil }
    self.base = base
    self.lastValue = LastValue(value)
  }

  var root: AnyObject { base.root }
  var value: Wrapped { lastValue.update(base.value) }
  var liveValue: Wrapped { lastValue.update(base.liveValue) }
  func snapshot(in tracker: SharedChangeTracker) -> Wrapped? { base.snapshot(in: tracker) ?? nil }
  var description: String { "\(base.description)!" }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func withLock<R, E: Error>(_ body: (inout Wrapped) throws(E) -> R) throws(E) -> R {
    try base.withLock { (optional: inout Wrapped?) throws(E) -> R in
      if var wrapped = optional {
        let result = try body(&wrapped)
        optional = wrapped
        _ = lastValue.update(wrapped)
        return result
      }
      var detached = lastValue.current
      let result = try body(&detached)
      _ = lastValue.update(detached)
      return result
    }
  }

  func subscribe(_ onChange: @escaping @Sendable (Wrapped) -> Void) -> SharedSubscription {
    base.subscribe { value in
      if let value { onChange(value) }
    }
  }
}
