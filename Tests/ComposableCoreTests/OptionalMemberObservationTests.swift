import ComposableCore
import Testing

/// Writes to optional members of observable state: announced when the value changes, or when
/// observable state comes back under a new identity, and silent otherwise.
@MainActor
struct OptionalMemberObservationTests {
  @ObservableState
  struct State {
    var note: String?
    var child: Observing.Child.State?
  }

  @Test func anOptionalValueIsAnnouncedOnlyWhenItChanges() {
    var state = State()
    let observed = Observed { _ = state.note }
    state.note = nil
    #expect(observed.changes == 0)
    state.note = "a"
    #expect(observed.changes == 1)
    observed.rearm()
    state.note = "a"
    #expect(observed.changes == 1)
    state.note = nil
    #expect(observed.changes == 2)
  }

  @Test func anOptionalChildIsAnnouncedWhenItComesBackUnderANewIdentity() {
    var state = State()
    let observed = Observed { _ = state.child }
    state.child = nil
    #expect(observed.changes == 0)
    let child = Observing.Child.State()
    state.child = child
    #expect(observed.changes == 1)
    observed.rearm()
    state.child = child
    #expect(observed.changes == 1)
    state.child = Observing.Child.State()
    #expect(observed.changes == 2)
  }
}
