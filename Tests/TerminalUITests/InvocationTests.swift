import Testing
import TerminalUI

struct InvocationTests {
  let set = Command("set", arguments: "<name> <value>", summary: "Change a setting")
  let add = Command("add", arguments: "<text>", summary: "Add a todo")
  let inc = Command("inc", aliases: ["+"], summary: "Increase the count")

  enum Kind: String, CaseIterable { case trivia, math, year, date }

  @Test func integerInRange() throws {
    #expect(try Invocation(command: set, arguments: ["step", "5"]).integer(at: 1, named: "step", in: 1...1000) == 5)
    #expect(throws: ArgumentError(#"step must be a whole number from 1 to 1000, got "x""#)) {
      try Invocation(command: set, arguments: ["step", "x"]).integer(at: 1, named: "step", in: 1...1000)
    }
    #expect(throws: ArgumentError(#"step must be a whole number from 1 to 1000, got "0""#)) {
      try Invocation(command: set, arguments: ["step", "0"]).integer(at: 1, named: "step", in: 1...1000)
    }
  }

  @Test func choiceOfRawValues() throws {
    #expect(try Invocation(command: set, arguments: ["kind", "math"]).choice(at: 1, named: "kind", as: Kind.self) == .math)
    #expect(throws: ArgumentError(#"kind must be one of trivia, math, year, date, got "x""#)) {
      try Invocation(command: set, arguments: ["kind", "x"]).choice(at: 1, named: "kind", as: Kind.self)
    }
  }

  @Test func missingArgument() {
    #expect(throws: ArgumentError("missing name: usage: set <name> <value>")) {
      try Invocation(command: set, arguments: []).word(at: 0, named: "name")
    }
  }

  @Test func textJoinsWordsAndMustNotBeEmpty() throws {
    #expect(try Invocation(command: add, arguments: ["Buy", "milk"]).text(named: "text") == "Buy milk")
    #expect(try Invocation(command: add, arguments: ["Buy milk"]).text(named: "text") == "Buy milk")
    #expect(throws: ArgumentError("text must not be empty: usage: add <text>")) {
      try Invocation(command: add, arguments: ["  "]).text(named: "text")
    }
  }

  @Test func textMustNotHoldControlCharacters() throws {
    // NB: Kept, the text would reach the terminal later (a NUL would be cut short in a database).
    #expect(throws: ArgumentError(#"text must not contain control characters, got "Buy \e[2Jmilk""#)) {
      try Invocation(command: add, arguments: ["Buy", "\u{1B}[2Jmilk"]).text(named: "text")
    }
    #expect(throws: ArgumentError(#"text must not contain control characters, got "a\0b""#)) {
      try Invocation(command: add, arguments: ["a\0b"]).text(named: "text")
    }
  }

  @Test func optionalTextMayBeEmptyButMustNotHoldControlCharacters() throws {
    #expect(try Invocation(command: add, arguments: []).optionalText(named: "text") == "")
    #expect(try Invocation(command: add, arguments: ["  "]).optionalText(named: "text") == "")
    #expect(try Invocation(command: add, arguments: ["Buy", "milk"]).optionalText(named: "text") == "Buy milk")
    #expect(throws: ArgumentError(#"notes must not contain control characters, got "\u{7F}""#)) {
      try Invocation(command: add, arguments: ["\u{7F}"]).optionalText(named: "notes")
    }
  }

  @Test func noArguments() throws {
    try Invocation(command: inc, arguments: []).noArguments()
    #expect(throws: ArgumentError(#"inc takes no arguments, got "2 3""#)) {
      try Invocation(command: inc, arguments: ["2", "3"]).noArguments()
    }
  }
}
