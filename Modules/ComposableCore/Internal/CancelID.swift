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
}
