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

  @Test func noArguments() throws {
    try Invocation(command: inc, arguments: []).noArguments()
    #expect(throws: ArgumentError(#"inc takes no arguments, got "2 3""#)) {
      try Invocation(command: inc, arguments: ["2", "3"]).noArguments()
    }
  }
}
