/// A view of part of another reference's value through a key path; mutations write through.
final class DerivedReference<Base: Sendable, Value: Sendable>: MutableReference, @unchecked Sendable {
  // NB: key paths are immutable and safe to share; `@unchecked` only stands in for their
  //     missing `Sendable` conformance.
  private let base: any Reference<Base>
  private let keyPath: KeyPath<Base, Value>

  init(base: any Reference<Base>, keyPath: KeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var root: AnyObject { base.root }
  var value: Value { base.value[keyPath: keyPath] }
  var liveValue: Value { base.liveValue[keyPath: keyPath] }
  func snapshot(in tracker: SharedChangeTracker) -> Value? {
    base.snapshot(in: tracker).map { $0[keyPath: keyPath] }
  }
  var description: String { "\(base.description)[dynamicMember: \(keyPath)]" }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    guard
      let base = base as? any MutableReference<Base>,
      let keyPath = keyPath as? WritableKeyPath<Base, Value>
    else {
      preconditionFailure("A read-only shared reference cannot be mutated.")
    }
    return try base.withLock { (value: inout Base) throws(E) -> R in try body(&value[keyPath: keyPath]) }
  }

  func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let keyPath = UncheckedKeyPath(keyPath)
    return base.subscribe { onChange($0[keyPath: keyPath.keyPath]) }
  }
}

/// A key path carried into a `@Sendable` closure.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
  let keyPath: KeyPath<Root, Value>
  init(_ keyPath: KeyPath<Root, Value>) { self.keyPath = keyPath }
}
