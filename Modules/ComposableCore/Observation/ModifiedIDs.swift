import OrderedCollections

/// The ids of an identified collection or a stack, in order, as the `_modify` accessor
/// `@ObservableState` generates keeps them while the member is modified in place: the ids
/// themselves, and where their storage lies, so that ids left as they were are told at once.
///
/// The ids kept hold their storage: the member's ids cannot change in it while they do (a change
/// copies them first), nor can other ids be given its address. Ids found in the same storage, as
/// many, are the same ids; ids found elsewhere are compared.
///
/// NB: Not an `AnyHashable`: made from a concrete type, it casts the value to the protocols of a
///     custom representation at each making, and compares through those casts again; both were
///     about two fifths of an action sent to one screen of a stack.
public struct _ModifiedIDs {
  /// The ids, kept for their storage and for a comparison with ids found elsewhere.
  @usableFromInline let ids: any Equatable
  /// Where the ids lie.
  @usableFromInline let address: UnsafeRawPointer?
  /// How many ids there are.
  @usableFromInline let count: Int

  /// The ids `ids`, kept.
  @inlinable
  public init<ID: Hashable>(_ ids: OrderedSet<ID>) {
    self.ids = ids
    self.address = ids.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    self.count = ids.count
  }

  /// Whether `after` are the same ids, in the same order.
  @inlinable
  public func isIdentical(to after: Self) -> Bool {
    guard count == after.count else { return false }
    return address == after.address || isEqual(to: after)
  }

  /// Whether `after`, found in other storage, are equal to these ids.
  @usableFromInline
  func isEqual(to after: Self) -> Bool {
    func isEqual<IDs: Equatable>(_ ids: IDs) -> Bool {
      (after.ids as? IDs) == ids
    }
    return isEqual(ids)
  }
}
