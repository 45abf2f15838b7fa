import ComposableCore
import OrderedCollections
import Testing

/// What a member modified in place announces, now that its `_modify` keeps the member's
/// identity rather than a copy of it: a change of identity (an element added, removed or
/// replaced; a child replaced) is announced to the member's readers; a change inside an element
/// is announced to the element's readers only; a plain value is announced at every change. The
/// same as before, when `_modify` compared a copy of the member.
@MainActor
struct ModifiedIdentityTests {
  @ObservableState
  struct Item: Identifiable {
    var id: Int
    var count = 0
  }

  @ObservableState
  struct Holder {
    var count = 0
    var child = Item(id: 0)
    var optional: Item? = Item(id: 0)
    var items = [Item(id: 0), Item(id: 1)]
    var identified: IdentifiedArrayOf<Item> = [Item(id: 0), Item(id: 1)]
    var path = StackState([Item(id: 0)])
    var anything: Any = Item(id: 0)
  }

  /// Reads `read` off a holder, makes `change` to it, and expects the reader to be told of the
  /// change once (`announced`) or not at all (`nothing`).
  private func expect(
    _ expected: Announcement,
    reading read: @escaping @MainActor (Holder) -> Void,
    when change: (inout Holder) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var holder = Holder()
    let copy = holder
    let observed = Observed { read(copy) }
    change(&holder)
    #expect(observed.changes == (expected == .announced ? 1 : 0), sourceLocation: sourceLocation)
  }

  private enum Announcement { case announced, nothing }

  /// Runs `body` on `value` through its `_modify`, as a mutating call does: a plain assignment
  /// would go through the setter.
  private func inPlace<T>(_ value: inout T, _ body: (inout T) -> Void) {
    body(&value)
  }

  @Test func aPlainValueIsAnnouncedAtEveryChange() {
    expect(.announced, reading: { _ = $0.count }, when: { $0.count += 0 })
  }

  @Test func aChildChangedInPlaceKeepsItsIdentity() {
    expect(.nothing, reading: { _ = $0.child }, when: { $0.child.count += 1 })
    expect(.announced, reading: { _ = $0.child.count }, when: { $0.child.count += 1 })
    expect(.announced, reading: { _ = $0.child }, when: { inPlace(&$0.child) { $0 = Item(id: 0) } })
  }

  @Test func anOptionalChildIsAnnouncedWhenItComesOrGoes() {
    expect(.nothing, reading: { _ = $0.optional }, when: { $0.optional?.count += 1 })
    expect(.announced, reading: { _ = $0.optional }, when: { inPlace(&$0.optional) { $0 = nil } })
  }

  @Test func anArrayOfStateIsAnnouncedWhenItsElementsChangeIdentity() {
    expect(.nothing, reading: { _ = $0.items }, when: { $0.items[1].count += 1 })
    expect(.announced, reading: { _ = $0.items[1].count }, when: { $0.items[1].count += 1 })
    expect(.announced, reading: { _ = $0.items }, when: { $0.items.append(Item(id: 2)) })
    expect(.announced, reading: { _ = $0.items }, when: { $0.items.swapAt(0, 1) })
    expect(.announced, reading: { _ = $0.items }, when: { $0.items[0] = Item(id: 0) })
  }

  @Test func anIdentifiedArrayIsAnnouncedWhenItsIdsChange() {
    expect(.nothing, reading: { _ = $0.identified }, when: { $0.identified[id: 1]?.count += 1 })
    expect(.announced, reading: { _ = $0.identified }, when: { $0.identified.append(Item(id: 2)) })
    expect(.announced, reading: { _ = $0.identified }, when: { $0.identified.remove(id: 0) })
    expect(.announced, reading: { _ = $0.identified }, when: { $0.identified.swapAt(0, 1) })
    // NB: The same ids in other storage are the same ids.
    expect(.nothing, reading: { _ = $0.identified }, when: {
      inPlace(&$0.identified) { $0 = [Item(id: 0, count: 5), Item(id: 1)] }
    })
    expect(.announced, reading: { _ = $0.identified }, when: {
      inPlace(&$0.identified) { $0 = [Item(id: 0), Item(id: 2)] }
    })
  }

  @Test func idsInTheSameStorageAreTheSameAndOthersAreCompared() {
    let ids: OrderedSet = [1, 2, 3]
    var changed = ids
    changed.remove(2)
    changed.insert(4, at: 1)
    #expect(_ModifiedIDs(ids).isIdentical(to: _ModifiedIDs(ids)))
    #expect(_ModifiedIDs(ids).isIdentical(to: _ModifiedIDs(OrderedSet([1, 2, 3]))))
    #expect(!_ModifiedIDs(ids).isIdentical(to: _ModifiedIDs(changed)))
    #expect(!_ModifiedIDs(ids).isIdentical(to: _ModifiedIDs(OrderedSet([1, 2]))))
    #expect(!_ModifiedIDs(ids).isIdentical(to: _ModifiedIDs(OrderedSet([3, 2, 1]))))
    #expect(_ModifiedIDs(OrderedSet<Int>()).isIdentical(to: _ModifiedIDs(OrderedSet<Int>())))
  }

  @Test func aStackIsAnnouncedWhenItsScreensChange() {
    expect(.nothing, reading: { _ = $0.path }, when: { $0.path[id: 0]?.count += 1 })
    expect(.announced, reading: { _ = $0.path }, when: { $0.path.append(Item(id: 1)) })
  }

  @Test func aValueHeldAsAnyComparesWhatItHolds() {
    expect(.nothing, reading: { _ = $0.anything }, when: { inPlace(&$0.anything) { _ in } })
    expect(.announced, reading: { _ = $0.anything }, when: { inPlace(&$0.anything) { $0 = Item(id: 0) } })
    expect(.announced, reading: { _ = $0.anything }, when: { inPlace(&$0.anything) { $0 = 1 } })
  }
}
