// NB: a key declared on `SharedKey` (`extension SharedKey where Self == …`) is not found by a
//     leading-dot lookup against `SharedReaderKey`; these overloads let a reader take it too.
extension SharedReader {
  /// Creates a read-only reference to the value stored by a writable key.
  @_disfavoredOverload
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(wrappedValue: wrappedValue(), key)
  }

  /// Creates a read-only reference to an optional value stored by a writable key.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Creates a read-only reference from a writable key that carries its own default.
  @_disfavoredOverload
  public init<Key: SharedKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// Creates a read-only reference from a writable key with a default, starting from `wrappedValue`.
  @_disfavoredOverload
  public init<Key: SharedKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// Points this reference at a writable key's value and loads it.
  @_disfavoredOverload
  public func load(_ key: some SharedKey<Value>) async throws {
    try await load(key)
  }

  /// Creates a read-only reference only if a writable key has a value stored.
  @_disfavoredOverload
  public init(require key: some SharedKey<Value>) async throws {
    try await self.init(require: key)
  }
}
