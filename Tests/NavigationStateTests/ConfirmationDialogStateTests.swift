import CustomDump
import NavigationState
import Testing

struct ConfirmationDialogStateTests {
  enum Action: Equatable, Sendable {
    case delete
  }

  @Test func dumpsTheTitleVisibilityOnlyWhenItIsNotAutomatic() {
    let automatic = ConfirmationDialogState<Action> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    var dump = ""
    customDump(automatic, to: &dump)
    expectNoDifference(
      dump,
      """
      ConfirmationDialogState(
        title: "Delete?",
        actions: [
          [0]: ButtonState(
            role: .destructive,
            action: .send(
              .delete
            ),
            label: "Delete"
          )
        ]
      )
      """
    )

    dump = ""
    customDump(
      ConfirmationDialogState<Action>(titleVisibility: .visible) { TextState("Delete?") } message: {
        TextState("Three todos.")
      },
      to: &dump
    )
    expectNoDifference(
      dump,
      """
      ConfirmationDialogState(
        titleVisibility: .visible,
        title: "Delete?",
        message: "Three todos."
      )
      """
    )
  }

  @Test func equalityAndMap() {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .hidden) { TextState("Delete?") } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    let copy = ConfirmationDialogState<Action>(titleVisibility: .hidden) { TextState("Delete?") } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    #expect(dialog == copy)
    let mapped = dialog.map { _ in 7 }
    #expect(mapped.id == dialog.id)
    #expect(mapped.titleVisibility == .hidden)
    #expect(mapped.buttons.first?.action.action == 7)
  }
}
