import Dependencies

/// A read-only reference to a shared value: it sees every change, but cannot make one.
///
/// ```swift
/// @SharedReader(.appStorage("count")) var count = 0
/// let child = Child(count: SharedReader($count))   // from a `Shared`
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value: Sendable>: Sendable {
  /// Shared by every copy, so reassigning the projected value reaches them all.
  @usableFromInline let box: ReferenceBox<ReaderTarget<Value>>

  var reference: any Reference<Value> { box.target.reference }

  init(reference: any Reference<Value>) {
    self.box = ReferenceBox(ReaderTarget(reference: reference))
  }

  /// Creates a read-only view of a `Shared` reference.
  public init(_ shared: Shared<Value>) {
    self.init(reference: shared.reference)
  }

  /// Creates a reference to a constant value.
  public init(value: Value) {
    self.init(reference: RootReference(value: value))
  }

  /// Creates a reference to the value stored by `key`, starting from `wrappedValue` when nothing is
  /// stored.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    @Dependency(ReferenceRegistry.self) var registry
    self.init(reference: registry.reference(for: key, default: wrappedValue))
  }

  /// Creates a reference from a key that carries its own default.
  public init<Key: SharedReaderKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// Creates a reference from a key that carries a default, starting from `wrappedValue` instead.
  public init<Key: SharedReaderKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// Creates a reference to an optional value, `nil` when nothing is stored.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Unwraps a read-only reference to an optional: `nil` when the value is `nil` now. Once the
  /// value becomes `nil`, the reference keeps the last value it saw.
  public init?(_ base: SharedReader<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    let last = LastValue(initial)
    self.init(reference: MappedReference(base: base.reference) { last.update($0) })
  }

  /// Creates a reference from another one.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  // NB: Inlinable, as `Shared.wrappedValue` is: a reference to a root value (the common one, a
  //     key's or one handed over from a `Shared`) is read specialized for the value's type,
  //     rather than through the existential reference's generic witnesses.
  @inlinable
  public var wrappedValue: Value {
    box.withTarget { target in
      if let root = target.root { return root.value }
      return target.derivedValue
    }
  }

  /// The reference itself: `$count`.
  ///
  /// Assigning it (`$count = other`) points this reference and every copy of it at `other`'s value.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set { box.replace(with: newValue.box.target) }
  }

  /// A read-only reference to part of the value.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: DerivedReference(base: reference, keyPath: keyPath))
  }

  /// Whether a load is in progress.
  public var isLoading: Bool { reference.isLoading }

  /// The error of the last failed load, cleared by the next successful one.
  public var loadError: (any Error)? { reference.loadError }

  /// Reloads the value from its key.
  public func load() async throws { try await reference.load() }
}

/// What a `SharedReader` refers to: its reference, and the same reference as a root value when
/// it is one, which reads take without going through the existential.
@usableFromInline
final class ReaderTarget<Value: Sendable>: Sendable {
  let reference: any Reference<Value>
  @usableFromInline let root: RootReference<Value>?

  init(reference: any Reference<Value>) {
    self.reference = reference
    self.root = reference as? RootReference<Value>
  }

  /// The value of a reference that is not a root: derived, mapped or unwrapped from another.
  @usableFromInline
  var derivedValue: Value { reference.value }
}
