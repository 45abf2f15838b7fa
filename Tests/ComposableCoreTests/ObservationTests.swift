import ComposableCore
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ObservationTests {
  let store = Store(initialState: Observing.State()) { Observing() }

  @Test func aReadPropertyIsAnnouncedWhenItChanges() {
    let observed = Observed { _ = store.count }
    store.send(.textChanged("unread"))
    #expect(observed.changes == 0)
    store.send(.incremented)
    #expect(observed.changes == 1)
    #expect(store.count == 1)
  }

  @Test func anEqualValueIsNotAnnounced() {
    let observed = Observed { _ = store.text }
    store.send(.textChanged(""))
    #expect(observed.changes == 0)
    store.send(.textChanged("new"))
    #expect(observed.changes == 1)
  }

  @Test func aChangeSentByAnEffectIsAnnounced() async {
    let observed = Observed { _ = store.count }
    await store.send(.incrementLater).finish()
    #expect(observed.changes == 1)
  }

  @Test func aChildReadThroughAScopedStoreIsAnnouncedAndItsSiblingsAreNot() {
    let child = store.scope(state: \.child, action: \.child)
    let observed = Observed { _ = child.value }
    store.send(.incremented)
    child.send(.noteChanged("unread"))
    #expect(observed.changes == 0)
    child.send(.valueChanged(7))
    #expect(observed.changes == 1)
    #expect(child.value == 7)
  }

  @Test func aChangeMadeThroughAnotherStoreIsAnnounced() {
    let observed = Observed { _ = store.child.value }
    let other = store.scope(state: \.child, action: \.child)
    other.send(.valueChanged(3))
    #expect(observed.changes == 1)
    #expect(store.child.value == 3)
  }

  @Test func aReplacedChildIsAnnouncedToItsReaders() {
    let child = store.scope(state: \.child, action: \.child)
    let observed = Observed { _ = child.note }
    store.send(.replaceChild)
    #expect(observed.changes == 1)
    observed.rearm()
    child.send(.noteChanged("read by the new child's readers"))
    #expect(observed.changes == 2)
  }

  @Test func aReaderIsToldOnceAndAgainOnlyAfterReadingAgain() {
    let observed = Observed { _ = store.count }
    store.send(.incremented)
    store.send(.incremented)
    #expect(observed.changes == 1)
    observed.rearm()
    store.send(.incremented)
    #expect(observed.changes == 2)
  }

  @Test func stateThatIsNotObservableIsAnnouncedOnEverySend() {
    let store = Store(initialState: Logger.State()) { Logger() }
    let observed = Observed { _ = store.state.total }
    store.send(.log("a change to another property"))
    #expect(observed.changes == 1)
  }

  @Test func anOptionalChildIsScopedWhilePresentAndKeepsItsLastStateOnceGone() {
    let store = Store(initialState: Optional(Observing.Child.State(value: 1))) {
      Reduce<Observing.Child.State?, Observing.Child.Action> { state, action in
        if case .valueChanged(0) = action { state = nil } else { state?.value += 1 }
        return .none
      }
    }
    // NB: Without a type, `scope(_:action:)` of optional state is the store of it whole, as in TCA.
    typealias ChildStore = Store<Observing.Child.State, Observing.Child.Action>
    let child: ChildStore? = store.scope(\.self, action: \.self)
    #expect(child?.value == 1)
    #expect(store.scope(\.self, action: \.self) as ChildStore? === child)
    child?.send(.valueChanged(0))
    #expect(store.scope(\.self, action: \.self) as ChildStore? == nil)
    #expect(child?.value == 1)
  }
}
