import CustomDump
import NavigationState
import Testing

struct AlertStateTests {
  enum Action: Equatable, Hashable, Sendable {
    case confirmDeletion
    case retry(Int)
  }

  /// The mirror is swift-navigation's, so the dump (an action inside `.send` on lines of its
  /// own, as custom-dump prints an optional payload) reads as in a TCA test.
  @Test func dumpsTitleActionsAndMessage() {
    let alert = AlertState<Action> {
      TextState("Delete 3 completed todos?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
    var dump = ""
    customDump(alert, to: &dump)
    expectNoDifference(
      dump,
      """
      AlertState(
        title: "Delete 3 completed todos?",
        actions: [
          [0]: ButtonState(
            role: .destructive,
            action: .send(
              .confirmDeletion
            ),
            label: "Delete"
          ),
          [1]: ButtonState(
            role: .cancel,
            action: .send(nil),
            label: "Cancel"
          )
        ],
        message: "This cannot be undone."
      )
      """
    )
  }

  @Test func anAlertWithoutButtonsOrMessageDumpsItsTitleOnly() {
    var dump = ""
    customDump(AlertState<Action>(title: { TextState("Saved") }), to: &dump)
    expectNoDifference(
      dump,
      """
      AlertState(title: "Saved")
      """
    )
  }

  @Test func equalityIgnoresTheID() {
    func alert() -> AlertState<Action> {
      AlertState { TextState("Retry?") } actions: {
        ButtonState(action: .retry(1)) { TextState("Retry") }
      }
    }
    let (first, second) = (alert(), alert())
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    var other = alert()
    other.message = TextState("The server did not answer.")
    #expect(first != other)
  }

  @Test func mapTransformsEveryButtonAndKeepsTheID() {
    let alert = AlertState<Action> { TextState("Retry?") } actions: {
      ButtonState(action: .retry(1)) { TextState("Retry") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let mapped = alert.map { action -> String? in action.map { "\($0)" } }
    #expect(mapped.id == alert.id)
    #expect(mapped.buttons.map(\.action.action) == ["retry(1)", nil])
    #expect(mapped.buttons.map(\.id) == alert.buttons.map(\.id))
    #expect(mapped.buttons.map(\.role) == [nil, .cancel])
  }

  @Test func theBuilderTakesIfElseAndLoops() {
    for canRetry in [true, false] {
      let alert = AlertState<Action> { TextState("Failed") } actions: {
        if canRetry {
          ButtonState(action: .retry(0)) { TextState("Retry") }
        } else {
          ButtonState { TextState("OK") }
        }
        for attempt in 1...2 {
          ButtonState(action: .retry(attempt)) { TextState("Retry \(attempt)") }
        }
        if canRetry {
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      }
      #expect(alert.buttons.map { String(state: $0.label) }
        == (canRetry ? ["Retry", "Retry 1", "Retry 2", "Cancel"] : ["OK", "Retry 1", "Retry 2"]))
    }
  }
}
