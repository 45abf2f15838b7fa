import NavigationState
import TerminalUI
import Testing

struct TerminalQuestionTests {
  enum Answer: Equatable {
    case button(String?)
  }

  func prompt(_ alert: AlertState<String>) -> TerminalQuestion<Answer> {
    TerminalQuestion(alert: alert) { .button($0) }
  }

  @Test func aCancelAndOneOtherButtonAskYesOrNo() {
    let prompt = prompt(AlertState {
      TextState("Delete 2 completed todos?")
    } actions: {
      ButtonState(role: .destructive, action: "delete") { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    })
    #expect(prompt.lines(style: .plain) == ["Delete 2 completed todos? [y/N]"])
    #expect(prompt.lines(style: .ansi) == ["\u{1B}[1mDelete 2 completed todos? [y/N]\u{1B}[0m"])
    #expect(prompt.answer("y") == .button("delete"))
    #expect(prompt.answer("  YES ") == .button("delete"))
    #expect(prompt.answer("delete") == .button("delete"))
    #expect(prompt.answer("") == .button(nil))
    #expect(prompt.answer("n") == .button(nil))
    #expect(prompt.answer("no") == .button(nil))
    #expect(prompt.answer("maybe") == nil)
    #expect(prompt.hint == "type y or n")
  }

  @Test func otherButtonsAreChosenByFirstLetterAndTheMessageComesFirst() {
    let prompt = prompt(AlertState {
      TextState("Try again?")
    } actions: {
      ButtonState(action: "retry") { TextState("Retry") }
      ButtonState(action: "math") { TextState("Math fact instead") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Could not load a number fact: Timed out after 5 seconds.")
    })
    #expect(prompt.lines(style: .plain) == [
      "Could not load a number fact: Timed out after 5 seconds.",
      "Try again? [r]etry, [m]ath fact instead, [C]ancel",
    ])
    #expect(prompt.answer("r") == .button("retry"))
    #expect(prompt.answer("M") == .button("math"))
    #expect(prompt.answer("") == .button(nil))
    #expect(prompt.answer("y") == nil)
    #expect(prompt.hint == "type r, m or c")
  }

  @Test func clashingLettersAreNumbersAndWithoutCancelThereIsNoDefault() {
    let prompt = prompt(AlertState {
      TextState("Keep which?")
    } actions: {
      ButtonState(action: "mine") { TextState("Keep mine") }
      ButtonState(action: "theirs") { TextState("Keep theirs") }
      ButtonState(action: "both") { TextState("Both") }
    })
    #expect(prompt.lines(style: .plain) == ["Keep which? [1] Keep mine, [2] Keep theirs, [3] Both"])
    #expect(prompt.answer("2") == .button("theirs"))
    #expect(prompt.answer("keep mine") == .button("mine"))
    #expect(prompt.answer("") == nil)
  }

  @Test func anAlertWithoutButtonsHasOK() {
    let prompt = prompt(AlertState { TextState("Saved.") })
    #expect(prompt.lines(style: .plain) == ["Saved. [OK]"])
    #expect(prompt.answer("") == .button(nil))
    #expect(prompt.answer("ok") == .button(nil))
    #expect(prompt.hint == "press return")
  }

  @Test func aDialogAsksItsTitleEvenWhenHidden() {
    let dialog = ConfirmationDialogState<String>(titleVisibility: .hidden) {
      TextState("Share?")
    } actions: {
      ButtonState(action: "share") { TextState("Share") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let prompt = TerminalQuestion(dialog: dialog) { Answer.button($0) }
    #expect(prompt.lines(style: .plain) == ["Share? [y/N]"])
    #expect(prompt.map { "\($0)" }.answer("y") == #"button(Optional("share"))"#)
  }
}
