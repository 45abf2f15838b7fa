import Dependencies
import IssueReporting
import Locking

/// The references created from keys, one per key id: process-wide when live, one registry per test
/// under test.
///
/// References stay alive for the registry's lifetime, so a key's value (and the first default
/// registered for it) survives its `@Shared` properties being released.
final class ReferenceRegistry: Sendable {
  private let references = Lock<[ReferenceID: any Disconnectable]>([:])

  deinit {
    for reference in references.withLock({ Array($0.values) }) { reference.disconnect() }
  }

  /// The reference for `key`, created from `initialValue` if there is none yet.
  ///
  /// NB: the default is evaluated and the reference created (its first load, its subscription)
  ///     outside the registry's lock: a default may create another reference, and a key may
  ///     resolve dependencies whose own values create references. If two threads create one for
  ///     the same key at once, the first registered wins and the other is disconnected.
  func reference<Key: SharedReaderKey>(
    for key: Key,
    default initialValue: () -> Key.Value,
    skipInitialLoad: Bool = false
  ) -> RootReference<Key.Value> {
    let id = ReferenceID(key.id)
    if let existing = references.withLock({ $0[id] }) {
      return existing as? RootReference<Key.Value> ?? mismatched(key, initialValue)
    }
    let created = RootReference(initialValue: initialValue(), key: key, skipInitialLoad: skipInitialLoad)
    let registered = references.withLock { references in
      if let existing = references[id] { return existing }
      references[id] = created
      return created
    }
    guard registered !== created else { return created }
    created.disconnect()
    return registered as? RootReference<Key.Value> ?? mismatched(key, initialValue)
  }

  /// The reference already made for `key`, if any.
  func existingReference<Key: SharedReaderKey>(for key: Key) -> RootReference<Key.Value>? {
    let id = ReferenceID(key.id)
    return references.withLock { $0[id] } as? RootReference<Key.Value>
  }

  private func mismatched<Key: SharedReaderKey>(
    _ key: Key,
    _ initialValue: () -> Key.Value
  ) -> RootReference<Key.Value> {
    reportIssue(
      """
      The key \(key.id) is already in use with a value of another type; \
      this reference gets a separate, unshared value.
      """
    )
    return RootReference(initialValue: initialValue(), key: key)
  }
}

extension ReferenceRegistry: DependencyKey {
  static let liveValue = ReferenceRegistry()
  static var testValue: ReferenceRegistry { ReferenceRegistry() }
}

extension RootReference: Disconnectable {}

/// A reference whose key subscription must be cancelled when its registry goes away.
protocol Disconnectable: AnyObject, Sendable {
  func disconnect()
}
