extension Shared {
  /// Points this reference (and every copy of it) at `key`'s value and loads it:
  /// `try await $user.load(.fileStorage(otherURL))`. The current value stays until the load ends.
  public func load(_ key: some SharedKey<Value>) async throws {
    projectedValue = Shared(root: unloadedReference(key, current: wrappedValue))
    try await load()
  }

  /// Creates a reference only if `key` has a value stored; throws when it has none or it cannot
  /// be read.
  public init(require key: some SharedKey<Value>) async throws {
    self.init(root: try await requiredReference(key))
  }
}

extension SharedReader {
  /// Points this reference (and every copy of it) at `key`'s value and loads it.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    projectedValue = SharedReader(reference: unloadedReference(key, current: wrappedValue))
    try await load()
  }

  /// Creates a reference only if `key` has a value stored; throws when it has none or it cannot
  /// be read.
  public init(require key: some SharedReaderKey<Value>) async throws {
    self.init(reference: try await requiredReference(key))
  }
}
