import Testing
import TerminalUI

/// How messages show words someone typed: quoted, shortened, control characters escaped.
struct ArgumentErrorQuoteTests {
  @Test func plainWordsAreQuotedAsTheyAre() {
    #expect(ArgumentError.quote("milk") == #""milk""#)
    #expect(ArgumentError.quote("") == #""""#)
    #expect(ArgumentError.quote("🙂 café") == #""🙂 café""#)
  }

  @Test func controlCharactersAreEscapedNotSentToTheTerminal() {
    #expect(ArgumentError.quote("\u{1B}[2J\u{1B}]0;owned\u{07}") == #""\e[2J\e]0;owned\a""#)
    #expect(ArgumentError.quote("a\0b\u{08}\t\r\n") == #""a\0b\b\t\r\n""#)
    #expect(ArgumentError.quote("\u{7F}\u{9B}") == #""\u{7F}\u{9B}""#)
  }

  @Test func longWordsAreCutToTheLimit() {
    #expect(ArgumentError.quote(String(repeating: "x", count: 41)) == "\"\(String(repeating: "x", count: 40))…\"")
    #expect(ArgumentError.quote(String(repeating: "\u{1B}", count: 50), limit: 2) == #""\e\e…""#)
  }

  @Test func invocationMessagesEscapeWhatWasTyped() {
    let set = Command("set", arguments: "<name> <value>", summary: "Change a setting")
    #expect(throws: ArgumentError(#"step must be a whole number from 1 to 1000, got "\e[31m""#)) {
      try Invocation(command: set, arguments: ["step", "\u{1B}[31m"]).integer(at: 1, named: "step", in: 1...1000)
    }
    #expect(throws: ArgumentError(#"set takes no arguments, got "\0""#)) {
      try Invocation(command: set, arguments: ["\0"]).noArguments()
    }
  }
}
