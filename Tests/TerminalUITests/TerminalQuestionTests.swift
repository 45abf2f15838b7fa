import NavigationState
import TerminalUI
import Testing

struct TerminalQuestionTests {
  enum Answer: Equatable {
    case button(String?)
  }

  func question(_ alert: AlertState<String>) -> TerminalQuestion<Answer> {
    TerminalQuestion(alert: alert) { .button($0) }
  }

  @Test func aCancelAndOneOtherButtonAskYesOrNo() {
    let question = question(AlertState {
      TextState("Delete 2 completed todos?")
    } actions: {
      ButtonState(role: .destructive, action: "delete") { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    })
    #expect(question.lines(style: .plain) == ["Delete 2 completed todos? [y/N]"])
    #expect(question.lines(style: .ansi) == ["\u{1B}[1mDelete 2 completed todos? [y/N]\u{1B}[0m"])
    #expect(question.answer("y") == .button("delete"))
    #expect(question.answer("  YES ") == .button("delete"))
    #expect(question.answer("delete") == .button("delete"))
    #expect(question.answer("") == .button(nil))
    #expect(question.answer("n") == .button(nil))
    #expect(question.answer("no") == .button(nil))
    #expect(question.answer("maybe") == nil)
    #expect(question.hint == "type y or n")
  }

  /// What a question quotes (a todo another program wrote) is shown, never obeyed: its control
  /// characters are escaped, in the title and the message alike, styled or not.
  @Test func controlCharactersInItsTextAreEscaped() {
    let question = question(AlertState {
      TextState("Delete \"Buy \u{1B}[2Jmilk\"?")
    } actions: {
      ButtonState(role: .destructive, action: "delete") { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("It was\nwritten \u{07}elsewhere.")
    })
    #expect(question.lines(style: .plain) == [#"It was\nwritten \aelsewhere."#, #"Delete "Buy \e[2Jmilk"? [y/N]"#])
    #expect(question.lines(style: .ansi).last == "\u{1B}[1m" + #"Delete "Buy \e[2Jmilk"? [y/N]"# + "\u{1B}[0m")
  }

  @Test func otherButtonsAreChosenByFirstLetterAndTheMessageComesFirst() {
    let question = question(AlertState {
      TextState("Try again?")
    } actions: {
      ButtonState(action: "retry") { TextState("Retry") }
      ButtonState(action: "math") { TextState("Math fact instead") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Could not load a number fact: Timed out after 5 seconds.")
    })
    #expect(question.lines(style: .plain) == [
      "Could not load a number fact: Timed out after 5 seconds.",
      "Try again? [r]etry, [m]ath fact instead, [C]ancel",
    ])
    #expect(question.answer("r") == .button("retry"))
    #expect(question.answer("M") == .button("math"))
    #expect(question.answer("") == .button(nil))
    #expect(question.answer("y") == nil)
    #expect(question.hint == "type r, m or c")
  }

  @Test func clashingLettersAreNumbersAndWithoutCancelThereIsNoDefault() {
    let question = question(AlertState {
      TextState("Keep which?")
    } actions: {
      ButtonState(action: "mine") { TextState("Keep mine") }
      ButtonState(action: "theirs") { TextState("Keep theirs") }
      ButtonState(action: "both") { TextState("Both") }
    })
    #expect(question.lines(style: .plain) == ["Keep which? [1] Keep mine, [2] Keep theirs, [3] Both"])
    #expect(question.answer("2") == .button("theirs"))
    #expect(question.answer("keep mine") == .button("mine"))
    #expect(question.answer("") == nil)
  }

  @Test func anAlertWithoutButtonsHasOK() {
    let question = question(AlertState { TextState("Saved.") })
    #expect(question.lines(style: .plain) == ["Saved. [OK]"])
    #expect(question.answer("") == .button(nil))
    #expect(question.answer("ok") == .button(nil))
    #expect(question.hint == "press return")
  }

  @Test func aDialogAsksItsTitleEvenWhenHidden() {
    let dialog = ConfirmationDialogState<String>(titleVisibility: .hidden) {
      TextState("Share?")
    } actions: {
      ButtonState(action: "share") { TextState("Share") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let question = TerminalQuestion(dialog: dialog) { Answer.button($0) }
    #expect(question.lines(style: .plain) == ["Share? [y/N]"])
    #expect(question.map { "\($0)" }.answer("y") == #"button(Optional("share"))"#)
  }

  @Test func aChangedCopyLeavesTheQuestionItWasCopiedFromAsItWas() {
    let original = question(AlertState {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: "delete") { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    })
    var changed = original
    changed.title = "Remove?"
    changed.message = "It cannot be undone."
    changed.choices.removeFirst()
    changed.isYesNo = false
    #expect(original.lines(style: .plain) == ["Delete? [y/N]"])
    #expect(original.answer("y") == .button("delete"))
    #expect(changed.lines(style: .plain) == ["It cannot be undone.", "Remove? [Cancel]"])
    #expect(changed.answer("y") == nil)
    var again = changed
    again.title = "Drop?"
    #expect(changed.title == "Remove?")
    #expect(again.title == "Drop?")
    #expect(again.message == "It cannot be undone.")
  }
}
