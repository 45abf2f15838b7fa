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
    let box = Box()
    let observed = Observed { _ = box.state.note }
    box.state.note = nil
    #expect(observed.changes == 0)
    box.state.note = "a"
    #expect(observed.changes == 1)
    observed.rearm()
    box.state.note = "a"
    #expect(observed.changes == 1)
    box.state.note = nil
    #expect(observed.changes == 2)
  }

  @Test func anOptionalChildIsAnnouncedWhenItComesBackUnderANewIdentity() {
    let box = Box()
    let observed = Observed { _ = box.state.child }
    box.state.child = nil
    #expect(observed.changes == 0)
    let child = Observing.Child.State()
    box.state.child = child
    #expect(observed.changes == 1)
    observed.rearm()
    box.state.child = child
    #expect(observed.changes == 1)
    box.state.child = Observing.Child.State()
    #expect(observed.changes == 2)
  }
}

/// The state the tests change and the observed closure reads: a reference, since a closure the
/// main actor keeps cannot capture a variable that is changed after.
@MainActor
private final class Box {
  var state = OptionalMemberObservationTests.State()
}
