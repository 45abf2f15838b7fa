import Testing
import TerminalUI

struct TextStyleTests {
  @Test func autoStylesATerminalOnly() {
    #expect(TextStyle(coloring: .auto, environment: [:], isTerminal: true).isEnabled)
    #expect(!TextStyle(coloring: .auto, environment: [:], isTerminal: false).isEnabled)
    #expect(!TextStyle(coloring: .auto, environment: ["TERM": "dumb"], isTerminal: true).isEnabled)
  }

  @Test func noColorTurnsStylingOff() {
    #expect(!TextStyle(coloring: .auto, environment: ["NO_COLOR": "1"], isTerminal: true).isEnabled)
    #expect(!TextStyle(coloring: .always, environment: ["NO_COLOR": "1"], isTerminal: true).isEnabled)
  }

  @Test func theSettingWins() {
    #expect(TextStyle(coloring: .always, environment: [:], isTerminal: false).isEnabled)
    #expect(!TextStyle(coloring: .never, environment: [:], isTerminal: true).isEnabled)
  }

  @Test func stylingWrapsTextInANSICodes() {
    #expect(TextStyle.ansi.bold("count:") == "\u{1B}[1mcount:\u{1B}[0m")
    #expect(TextStyle.ansi.green("ok") == "\u{1B}[32mok\u{1B}[0m")
    #expect(TextStyle.plain.bold("count:") == "count:")
  }
}
