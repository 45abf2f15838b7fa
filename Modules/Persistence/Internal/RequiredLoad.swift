import Dependencies

/// Loads `key`'s value for `Shared(require:)`: the value stored, or an error when there is none
/// or it cannot be read; then the reference for it, created without loading again.
func requiredReference<Key: SharedReaderKey>(_ key: Key) async throws -> RootReference<Key.Value> {
  @Dependency(ReferenceRegistry.self) var registry
  // NB: an in-memory value lives only in its reference: one that exists holds a value.
  if case .inMemory = Backing(for: key), let existing = registry.existingReference(for: key) {
    return existing
  }
  let name = String(reflecting: key)
  let loaded: Key.Value? = try await withCheckedThrowingContinuation { waiter in
    key.load(context: .userInitiated, continuation: LoadContinuation(name) { waiter.resume(with: $0) })
  }
  guard let loaded else { throw MissingValueError(key: name) }
  let reference = registry.reference(for: key, default: { loaded }, skipInitialLoad: true)
  if let error = reference.loadError { throw error }
  return reference
}

/// The reference for `key`, made for `$value.load(key)`: an existing one, or a new one starting
/// from `current` that has not loaded yet.
func unloadedReference<Key: SharedReaderKey>(_ key: Key, current: Key.Value) -> RootReference<Key.Value> {
  @Dependency(ReferenceRegistry.self) var registry
  return registry.reference(for: key, default: { current }, skipInitialLoad: true)
}

/// Thrown by `Shared(require:)` when the key has nothing stored.
struct MissingValueError: Error, CustomStringConvertible {
  let key: String

  var description: String { "Nothing is stored for \(key)." }
}
