import IdentifiedCollections

extension RangeReplaceableCollection {
  /// One reference per element of a shared identified array, each writing through to it:
  /// `Array($todos)` is `[Shared<Todo>]`, in the array's order.
  public init<ID: Hashable & Sendable, Member: Sendable>(
    _ shared: Shared<IdentifiedArray<ID, Member>>
  ) where Element == Shared<Member> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = Shared<Member>(shared[id: id]) { append(element) }
    }
  }

  /// One read-only reference per element of a shared identified array.
  public init<ID: Hashable & Sendable, Member: Sendable>(
    _ shared: SharedReader<IdentifiedArray<ID, Member>>
  ) where Element == SharedReader<Member> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = SharedReader<Member>(shared[id: id]) { append(element) }
    }
  }
}
