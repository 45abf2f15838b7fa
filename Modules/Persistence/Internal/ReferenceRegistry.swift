import Dependencies
import IssueReporting
import Locking

/// The references created from keys, one per key id: process-wide when live, one registry per test
/// under test.
///
/// References stay alive for the registry's lifetime, so a key's value (and the first default
/// registered for it) survives its `@Shared` properties being released.
final class ReferenceRegistry: Sendable {
  private let references = Lock<[AnyHashable: any Disconnectable]>([:])

  deinit {
    for reference in references.withLock({ Array($0.values) }) { reference.disconnect() }
  }

  func reference<Key: SharedReaderKey>(
    for key: Key,
    default initialValue: () -> Key.Value
  ) -> RootReference<Key.Value> {
    references.withLock { references in
      let id = AnyHashable(key.id)
      if let existing = references[id] {
        if let existing = existing as? RootReference<Key.Value> { return existing }
        reportIssue(
          """
          The key \(key.id) is already in use with a value of another type; \
          this reference gets a separate, unshared value.
          """
        )
        return RootReference(initialValue: initialValue(), key: key)
      }
      let reference = RootReference(initialValue: initialValue(), key: key)
      references[id] = reference
      return reference
    }
  }
}

extension ReferenceRegistry: DependencyKey {
  static let liveValue = ReferenceRegistry()
  static var testValue: ReferenceRegistry { ReferenceRegistry() }
}

extension RootReference: Disconnectable {}
