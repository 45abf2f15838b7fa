import Dependencies
import IdentifiedCollections

/// A reference to a value that several features share, optionally persisted by a key.
///
/// ```swift
/// @Shared(.appStorage("count")) var count = 0
/// $count.withLock { $0 += 1 }
/// ```
///
/// `withLock` is the only way to mutate the value, so concurrent mutations never lose an update.
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  /// Shared by every copy, so reassigning the projected value reaches them all.
  @usableFromInline let box: ReferenceBox<SharedTarget<Value>>

  var reference: any MutableReference<Value> { box.target.reference }

  init(reference: any MutableReference<Value>) {
    self.box = ReferenceBox(SharedTarget(reference: reference))
  }

  init(root: RootReference<Value>) {
    self.init(reference: root)
  }

  /// Creates a reference owned by the caller: shared with whoever it is handed to, not persisted.
  public init(value: Value) {
    self.init(root: RootReference(value: value))
  }

  /// Creates a reference to the value stored by `key`, starting from `wrappedValue` when nothing is
  /// stored. Every `Shared` created from an equal key refers to the same value.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    @Dependency(ReferenceRegistry.self) var registry
    self.init(root: registry.reference(for: key, default: wrappedValue))
  }

  /// Creates a reference from a key that carries its own default, e.g. `@Shared(.todos)`.
  public init<Key: SharedKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// Creates a reference from a key that carries a default, starting from `wrappedValue` instead:
  /// `@Shared(.todos) var todos = []`.
  public init<Key: SharedKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// Creates a reference to an optional value, `nil` when nothing is stored: `@Shared(.user) var user: User?`.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Creates a reference from another one: `_count = Shared(projectedValue: count)`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value. Mutate it with ``withLock(_:)``.
  @inlinable
  public var wrappedValue: Value {
    box.withTarget { target in
      if let root = target.root { return root.value }
      return target.derivedValue
    }
  }

  /// The reference itself, for deriving, locking and observing: `$count`.
  ///
  /// Assigning it (`$count = other`) points this reference and every copy of it at `other`'s value.
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set { box.replace(with: newValue.box.target) }
  }

  /// Mutates the value under the reference's lock and returns what `operation` returns.
  ///
  /// ```swift
  /// let newCount = $count.withLock { $0 += 1; return $0 }
  /// ```
  @inlinable
  public func withLock<R, E: Error>(_ operation: (inout Value) throws(E) -> R) throws(E) -> R {
    try box.withTarget { target in
      Result { () throws(E) -> R in
        if let root = target.root { return try root.withLock(operation) }
        return try target.derivedWithLock(operation)
      }
    }
    .get()
  }

  /// A reference to part of the value that writes through to this one: `$settings.factKind`.
  public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: DerivedReference(base: reference, keyPath: keyPath))
  }

  /// A read-only reference to a read-only part of the value.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: DerivedReference(base: reference, keyPath: keyPath))
  }

  /// Whether a load is in progress.
  public var isLoading: Bool { reference.isLoading }

  /// The error of the last failed load, cleared by the next successful one. The value keeps the last
  /// one loaded successfully (or its default).
  public var loadError: (any Error)? { reference.loadError }

  /// The error of the last failed save, cleared by the next successful one.
  public var saveError: (any Error)? { reference.saveError }

  /// Reloads the value from its key, replacing the in-memory value.
  public func load() async throws { try await reference.load() }

  /// Writes the value through its key now, returning once it is stored.
  public func save() async throws { try await reference.save() }
}

extension Shared {
  /// Unwraps a reference to an optional: `nil` when the value is `nil` now.
  ///
  /// ```swift
  /// if let user = Shared($currentUser) { … }   // Shared<User>
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let reference = UnwrappedReference(base: base.reference) else { return nil }
    self.init(reference: reference)
  }
}
