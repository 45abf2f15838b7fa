import ComposableCore
import Testing

/// The identity rules `@ObservableState`'s setters follow, for every shape of member: a write is
/// silent only when the new value is the old observable state (or the same instances of it),
/// whatever static type holds it.
struct IdentityEqualityTests {
  typealias Child = Observing.Child.State

  struct Plain: Equatable {
    var name = "plain"
  }

  final class Reference {}

  let child = Child()

  @Test func observableStateIsIdenticalToItsCopiesOnly() {
    var changed = child
    changed.value += 1
    #expect(_$isIdentityEqual(child, changed))
    #expect(!_$isIdentityEqual(child, Child()))
  }

  @Test func anOptionalComparesWhatItHolds() {
    #expect(_$isIdentityEqual(Optional(child), Optional(child)))
    #expect(!_$isIdentityEqual(Optional(child), Optional(Child())))
    #expect(!_$isIdentityEqual(Optional(child), nil))
    #expect(!_$isIdentityEqual(Child?.none, nil))
    #expect(!_$isIdentityEqual(String?.none, nil))
    #expect(!_$isIdentityEqual(Optional("text"), Optional("text")))
  }

  @Test func aValueHeldAsAnyComparesByWhatItIs() {
    #expect(_$isIdentityEqual(child as Any, child as Any))
    #expect(!_$isIdentityEqual(child as Any, Child() as Any))
    #expect(!_$isIdentityEqual(Plain() as Any, Plain() as Any))
    #expect(_$isIdentityEqual(Optional(child as Any), Optional(child as Any)))
  }

  @Test func collectionsOfObservableStateCompareTheirElements() {
    let other = Child()
    #expect(_$isIdentityEqual([child, other], [child, other]))
    #expect(!_$isIdentityEqual([child, other], [other, child]))
    #expect(!_$isIdentityEqual([child], [child, other]))
    #expect(_$isIdentityEqual([child] as Any, [child] as Any))
    #expect(!_$isIdentityEqual([child as Any], [child as Any]))
  }

  @Test func plainValuesAreNeverIdentical() {
    #expect(!_$isIdentityEqual(Plain(), Plain()))
    #expect(!_$isIdentityEqual([Plain()], [Plain()]))
    #expect(!_$isIdentityEqual((child, 1), (child, 1)))
    #expect(!_$isIdentityEqual(Plain?.none, nil))
    let reference = Reference()
    #expect(!_$isIdentityEqual(reference, reference))
  }

  @Test func identityIsCarriedByObservableStateAndCollectionsOfIt() {
    #expect(_carriesIdentity(child))
    #expect(_carriesIdentity(Optional(child)))
    #expect(!_carriesIdentity(Child?.none))
    #expect(_carriesIdentity(child as Any))
    #expect(_carriesIdentity([child]))
    #expect(_carriesIdentity([Child]()))
    #expect(_carriesIdentity(Optional([child])))
    #expect(!_carriesIdentity([child as Any]))
    #expect(!_carriesIdentity(Plain()))
    #expect(!_carriesIdentity(Optional(Plain())))
    #expect(!_carriesIdentity("text"))
    #expect(!_carriesIdentity(String?.none))
    #expect(!_carriesIdentity((child, 1)))
    #expect(!_carriesIdentity(Reference()))
  }
}
