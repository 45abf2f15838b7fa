/// Identifies a child feature's effects: the key path to its state, and an element id for
/// `forEach`.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  // NB: Key paths are immutable and hashable; `@unchecked` only because `AnyKeyPath` does not
  // declare `Sendable` on every platform.
  let keyPath: AnyKeyPath
  let id: AnyHashable?

  @usableFromInline
  init(_ keyPath: AnyKeyPath, id: (any Hashable & Sendable)? = nil) {
    self.keyPath = keyPath
    self.id = id.map { AnyHashable($0) }
  }
}
