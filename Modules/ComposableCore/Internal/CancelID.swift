import ConcurrencyExtras

/// A key in a root store's cancellation registry: a user's cancel id scoped to the child
/// feature that used it, or (with no id) all the work of one child feature.
struct CancelID: Hashable, Sendable {
  let id: AnyHashableSendable?
  let path: [AnyHashableSendable]

  /// A user's cancel id, as used by a feature at `path`.
  init(_ id: AnyHashableSendable, path: [AnyHashableSendable]) {
    self.id = id
    self.path = path
  }

  /// All the work of the child feature at `path`.
  init(navigation path: [AnyHashableSendable]) {
    self.id = nil
    self.path = path
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.path == rhs.path
  }

  // NB: Every empty struct hashes alike (`enum CancelID {}` ids often are), so the type of
  //     the id is hashed too: ids of two types then land in different buckets.
  func hash(into hasher: inout Hasher) {
    if let id {
      hasher.combine(ObjectIdentifier(type(of: id.base)))
    }
    hasher.combine(id)
    hasher.combine(path)
  }
}
