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
}
