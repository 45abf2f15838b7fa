import InlineSnapshotTesting
import AppDependencies
import ComposableTestSupport
import Persistence
import SettingsFeature
import TerminalUI
import TerminalSnapshots
import Testing

struct SettingsViewTests {
  let view = SettingsView()

  func outcome(_ line: String) throws(ArgumentError) -> CommandOutcome<Settings.Action>? {
    try view.parse(line, state: Settings.State()).commandOutcome()
  }

  @Test func commandsInHelpOrder() {
    #expect(view.commands.map(\.usage) == ["settings", "set <name> <value> | reset"])
  }

  @Test func settingsPrintsTheRendering() throws {
    #expect(try outcome("settings") == .print([
      "fact-kind: trivia",
      "step: 1",
      "color: auto",
      "sort-completed: on",
    ]))
  }

  @Test func settingsTakesNoArguments() {
    #expect(throws: ArgumentError("settings takes no arguments, got \"step\"")) { try outcome("settings step") }
  }

  @Test func setFactKind() throws {
    #expect(try outcome("set fact-kind trivia") == .send(.factKindChanged(.trivia)))
    #expect(try outcome("set fact-kind math") == .send(.factKindChanged(.math)))
    #expect(try outcome("set fact-kind year") == .send(.factKindChanged(.year)))
    #expect(try outcome("set fact-kind date") == .send(.factKindChanged(.date)))
  }

  @Test func setStep() throws {
    #expect(try outcome("set step 1") == .send(.stepChanged(1)))
    #expect(try outcome("set step 25") == .send(.stepChanged(25)))
    #expect(try outcome("set step 1000") == .send(.stepChanged(1000)))
  }

  @Test func setColor() throws {
    #expect(try outcome("set color auto") == .send(.colorModeChanged(.auto)))
    #expect(try outcome("set color on") == .send(.colorModeChanged(.on)))
    #expect(try outcome("set color off") == .send(.colorModeChanged(.off)))
  }

  @Test func setSortCompleted() throws {
    #expect(try outcome("set sort-completed on") == .send(.sortCompletedChanged(true)))
    #expect(try outcome("set sort-completed off") == .send(.sortCompletedChanged(false)))
  }

  @Test func setReset() throws {
    #expect(try outcome("set reset") == .send(.resetButtonTapped))
  }

  @Test func badStep() {
    for word in ["x", "0", "1001", "-1", "2.5"] {
      #expect(throws: ArgumentError("step must be a whole number from 1 to 1000, got \"\(word)\"")) {
        try outcome("set step \(word)")
      }
    }
  }

  @Test func badFactKind() {
    #expect(throws: ArgumentError("fact-kind must be one of trivia, math, year, date, got \"x\"")) {
      try outcome("set fact-kind x")
    }
  }

  @Test func badColor() {
    #expect(throws: ArgumentError("color must be one of auto, on, off, got \"x\"")) {
      try outcome("set color x")
    }
  }

  @Test func badSortCompleted() {
    #expect(throws: ArgumentError("sort-completed must be one of on, off, got \"x\"")) {
      try outcome("set sort-completed x")
    }
  }

  @Test func unknownSetting() {
    #expect(throws: ArgumentError("no setting \"x\": settings are fact-kind, step, color, sort-completed")) {
      try outcome("set x 1")
    }
  }

  @Test func missingName() {
    #expect(throws: ArgumentError("missing name: usage: set <name> <value> | reset")) {
      try outcome("set")
    }
  }

  @Test func missingValue() {
    #expect(throws: ArgumentError("missing step: usage: set <name> <value> | reset")) {
      try outcome("set step")
    }
  }

  @Test func extraWords() {
    #expect(throws: ArgumentError("set step takes one value, got \"5 6\"")) {
      try outcome("set step 5 6")
    }
    #expect(throws: ArgumentError("set reset takes no value, got \"all\"")) {
      try outcome("set reset all")
    }
  }

  @Test func typedControlCharactersAreEscapedInMessages() {
    #expect(throws: ArgumentError(#"no setting "\e[2J": settings are fact-kind, step, color, sort-completed"#)) {
      try outcome("set \u{1B}[2J 1")
    }
    #expect(throws: ArgumentError(#"set step takes one value, got "5 \a""#)) {
      try outcome("set step 5 \u{07}")
    }
    #expect(throws: ArgumentError(#"set reset takes no value, got "\0""#)) {
      try outcome("set reset \0")
    }
  }

  @Test func otherWordsAreNotTheSettingsCommands() throws {
    #expect(try outcome("setting") == nil)
    #expect(try outcome("inc") == nil)
  }

  @Test func rendersEverySetting() {
    @Shared(.factKind) var factKind = .year
    @Shared(.step) var step = 5
    @Shared(.colorMode) var colorMode = .off
    @Shared(.sortCompleted) var sortCompleted = false
    assertInlineSnapshot(of: view, as: .terminal(Settings.State())) {
      """
      fact-kind: year
      step: 5
      color: off
      sort-completed: off
      """
    }
  }

  @Test func rendersNamesInBoldWhenStyled() {
    #expect(view.render(Settings.State(), style: .ansi).first == "\u{1B}[1mfact-kind:\u{1B}[0m trivia")
  }
}
