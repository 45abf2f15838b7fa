import CasePaths
import Locking

/// `AnyCasePath`s made from case key paths, made once per key path.
///
/// A reducer's `body` is built anew for every action, so each `Scope`, `ifLet` and `forEach`
/// in it is too. Making an `AnyCasePath` from a case key path applies the key path to a
/// `Case` value, which allocates and takes microseconds; looking it up here takes a lock and
/// a hash of the key path.
@usableFromInline
final class CasePathCache: Sendable {
  /// Paths made with `AnyCasePath(_:)`.
  @usableFromInline static let plain = CasePathCache()
  /// Paths to a `forEach` element's id and action, made from the case key path to its
  /// ``IdentifiedAction``.
  @usableFromInline static let element = CasePathCache()

  /// A key path, as a dictionary key.
  // NB: Key paths are immutable; `@unchecked` only because `AnyKeyPath` does not declare
  // `Sendable` on every platform.
  private struct Key: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  /// A cached path, of a type the key fixes.
  private class AnyEntry: @unchecked Sendable {}

  /// One cached path; its type is fixed by the key path it was made from.
  private final class Entry<Root, Value>: AnyEntry, @unchecked Sendable {
    let path: AnyCasePath<Root, Value>
    init(_ path: AnyCasePath<Root, Value>) { self.path = path }
  }

  private let entries = Lock<[Key: AnyEntry]>([:])

  /// The path for `keyPath`, made by `make` the first time.
  @usableFromInline
  func path<Root, Value>(
    for keyPath: AnyKeyPath,
    make: () -> AnyCasePath<Root, Value>
  ) -> AnyCasePath<Root, Value> {
    let key = Key(keyPath: keyPath)
    if let entry = entries.withLock({ $0[key] }) {
      // NB: Equal key paths have the same type, so an entry's type is the one asked for.
      return unsafeDowncast(entry, to: Entry<Root, Value>.self).path
    }
    let entry = Entry(make())
    entries.withLock { $0[key] = entry }
    return entry.path
  }
}

extension AnyCasePath {
  /// The path a case key path stands for, made once per key path (see ``CasePathCache``).
  @usableFromInline
  static func cached(_ keyPath: CaseKeyPath<Root, Value>) -> Self {
    CasePathCache.plain.path(for: keyPath) { AnyCasePath(keyPath) }
  }
}
