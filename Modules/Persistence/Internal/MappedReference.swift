/// A read-only view of another reference's value through a function: `$user.read { $0.name.count }`.
final class MappedReference<Base: Sendable, Value: Sendable>: Reference, Sendable {
  private let base: any Reference<Base>
  private let transform: @Sendable (Base) -> Value

  init(base: any Reference<Base>, transform: @escaping @Sendable (Base) -> Value) {
    self.base = base
    self.transform = transform
  }

  var root: AnyObject { base.root }
  var value: Value { transform(base.value) }
  var liveValue: Value { transform(base.liveValue) }
  func snapshot(in tracker: SharedChangeTracker) -> Value? {
    base.snapshot(in: tracker).map(transform)
  }
  var description: String { ".read(\(base.description), as: \(typeName(Value.self)).self)" }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let transform = transform
    return base.subscribe { onChange(transform($0)) }
  }
}
