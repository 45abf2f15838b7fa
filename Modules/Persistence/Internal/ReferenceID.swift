/// A key's identity as the registry stores it.
///
/// NB: swift-sharing's keys need not have a `Sendable` id; an id is a value compared and hashed,
///     never mutated, and it comes from a `Sendable` key, so it crosses the registry's lock as is.
struct ReferenceID: Hashable, @unchecked Sendable {
  let id: AnyHashable

  init(_ id: some Hashable) {
    self.id = AnyHashable(id)
  }
}
