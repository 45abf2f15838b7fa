@testable import ComposableCore
import Testing

/// Key paths into state, resolved once to the accessors `@ObservableState` generates: reached
/// for a tracked or presented member, and reading and writing exactly as the key path would.
@MainActor
struct PreparedKeyPathTests {
  @ObservableState
  struct Parent {
    var child = Observing.Child.State()
    var optional: Observing.Child.State?
    @Presents var presented: Observing.Child.State?
    @ObservationStateIgnored var ignored = 0
    var computed: Int { child.value }
  }

  struct Plain {
    var value = 0
    var lines: [Int] = []
    var inner = Inner()
    var observed = 0 {
      didSet { observedWrites.append(observed) }
    }
    var observedWrites: [Int] = []
    /// `value`, through a getter and a setter that count their calls.
    var computed: Int {
      get {
        accessorCalls.entries.append("get")
        return value
      }
      set {
        accessorCalls.entries.append("set \(newValue)")
        value = newValue
      }
    }
    let accessorCalls = CallLog()
  }

  final class CallLog {
    var entries: [String] = []
  }

  struct Inner {
    var flag = false
    var count = 0
  }

  @Test func aTrackedMemberIsReachedThroughItsAccessors() {
    #expect(PreparedKeyPath(\Parent.child).accessor != nil)
    #expect(PreparedKeyPath(\Parent.optional).accessor != nil)
  }

  @Test func aPresentedMemberAndItsProjectionAreReachedThroughTheirAccessors() {
    #expect(PreparedKeyPath(\Parent.presented).accessor != nil)
    #expect(PreparedKeyPath(\Parent.$presented).accessor != nil)
  }

  @Test func otherPathsStayKeyPaths() {
    #expect(PreparedKeyPath(\Parent.ignored).accessor == nil)
    #expect(PreparedKeyPath(\Parent.child.value).accessor == nil)
    #expect(PreparedKeyPath(\Plain.value).accessor == nil)
    #expect(PreparedKeyPath(\Observing.Child.State.self).accessor == nil)
  }

  @Test func readsAndWritesAreTheKeyPathsOwn() {
    let path = PreparedKeyPath(\Parent.child)
    var parent = Parent()
    parent.child.value = 1
    #expect(path.get(parent).value == 1)
    let sum = path.modify(&parent) { child -> Int in
      child.value += 2
      return child.value
    }
    #expect(sum == 3)
    #expect(parent.child.value == 3)
    path.set(&parent, Observing.Child.State(value: 7))
    #expect(parent.child.value == 7)
  }

  @Test func aModificationIsAnnouncedAsAWriteThroughTheKeyPathIs() {
    let path = PreparedKeyPath(\Parent.child)
    var parent = Parent()
    let sameChild = Observed { _ = parent.child }
    path.modify(&parent) { $0.value += 1 }
    #expect(sameChild.changes == 0)
    let newChild = Observed { _ = parent.child }
    path.modify(&parent) { $0 = Observing.Child.State(value: 5) }
    #expect(newChild.changes == 1)
    #expect(parent.child.value == 5)
  }

  @Test func aPathOfStoredPropertiesIsReachedByItsOffset() {
    #expect(PreparedKeyPath(\Plain.value).storedOffset == MemoryLayout<Plain>.offset(of: \Plain.value))
    #expect(
      PreparedKeyPath(\Plain.inner.count).storedOffset
        == MemoryLayout<Plain>.offset(of: \Plain.inner)! + MemoryLayout<Inner>.offset(of: \Inner.count)!
    )
    #expect(PreparedKeyPath(\Parent.ignored).storedOffset != nil)
    #expect(PreparedKeyPath(\Parent.child).storedOffset == nil)
    #expect(PreparedKeyPath(\Plain.computed).storedOffset == nil)
    #expect(PreparedKeyPath(\Plain.observed).storedOffset == nil)
    #expect(PreparedKeyPath(unresolved: \Plain.value).storedOffset == nil)
  }

  @Test func aStoredValueIsReadWrittenAndModifiedWhereItLies() {
    let count = PreparedKeyPath(\Plain.inner.count)
    let lines = PreparedKeyPath(\Plain.lines)
    var plain = Plain()
    plain.lines.reserveCapacity(10)
    let storage = plain.lines.withUnsafeBufferPointer { $0.baseAddress }
    count.set(&plain, 4)
    #expect(count.get(plain) == 4)
    #expect(plain.inner.count == 4 && plain.inner.flag == false && plain.value == 0)
    let total = lines.modify(&plain) { lines -> Int in
      lines.append(1)
      lines.append(2)
      return lines.count
    }
    #expect(total == 2)
    #expect(lines.get(plain) == [1, 2])
    // NB: Appended in its own storage: nothing held a second reference while it was modified.
    #expect(plain.lines.withUnsafeBufferPointer { $0.baseAddress } == storage)
  }

  @Test func aComputedMemberIsReadOnceAndWrittenOnceByAModification() {
    let path = PreparedKeyPath(\Plain.computed)
    var plain = Plain(value: 2)
    let doubled = path.modify(&plain) { value -> Int in
      value *= 2
      return value
    }
    #expect(doubled == 4)
    #expect(plain.value == 4)
    #expect(plain.accessorCalls.entries == ["get", "set 4"])
  }

  @Test func aPropertyWithObserversIsWrittenThroughItsSetter() {
    let path = PreparedKeyPath(\Plain.observed)
    var plain = Plain()
    path.set(&plain, 1)
    path.modify(&plain) { $0 += 10 }
    #expect(plain.observed == 11)
    #expect(plain.observedWrites == [1, 11])
  }
}
