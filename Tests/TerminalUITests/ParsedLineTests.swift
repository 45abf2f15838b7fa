import Testing
@testable import TerminalUI

/// The one pipeline from a line to what to do.
struct ParsedLineTests {
  let commands = [
    Command("add", arguments: "<n>", summary: "Add n"),
    Command("show", aliases: ["s"], summary: "Show"),
  ]

  func outcome(_ line: String, screen: String? = nil, underneath: [Command] = []) -> ParsedLine<Int> {
    ParsedLine.parse(line, commands: commands, screen: screen, underneath: underneath) { invocation throws(ArgumentError) in
      if invocation.command.name == "show" {
        try invocation.noArguments()
        return .print(["shown"])
      }
      return .send(try invocation.integer(at: 0, named: "n", in: 1...9))
    }
  }

  @Test func aCommandIsInterpreted() {
    #expect(outcome("add 3") == .command(.send(3)))
    #expect(outcome(#"  "add"  4 "#) == .command(.send(4)))
    #expect(outcome("s") == .command(.print(["shown"])))
  }

  @Test func builtInCommandsComeFirst() {
    #expect(outcome("   ") == .nothing)
    #expect(outcome("quit") == .quit)
    #expect(outcome("exit now") == .quit)
    #expect(outcome("help") == .help(nil))
    #expect(outcome("? add") == .help("add"))
  }

  @Test func backPopsAScreenOrSaysThereIsNone() {
    #expect(outcome("back", screen: "todos › todo 2") == .back)
    #expect(outcome("back") == .rejected("nothing to go back to: no screen is open"))
  }

  /// `back` means one thing everywhere, as `quit` and `help` do: a view's command of that name is
  /// never run in its place.
  @Test func backIsTheBuiltInEvenWhereAViewNamesACommandSo() {
    let commands = [Command("back", arguments: "[n]", summary: "A view's own back")]
    let parsed = ParsedLine<Int>.parse("back", commands: commands) { _ throws(ArgumentError) in .send(1) }
    #expect(parsed == .rejected("nothing to go back to: no screen is open"))
  }

  @Test func badLinesSayWhy() {
    #expect(outcome("add x") == .rejected("n must be a whole number from 1 to 9, got \"x\""))
    #expect(outcome(#"add "3"#) == .rejected("unclosed \" quote"))
    #expect(outcome("ad 1") == .unknownCommand("unknown command \"ad\" — did you mean \"add\"? type help"))
    #expect(outcome("zzzz") == .unknownCommand("unknown command \"zzzz\" — type help"))
    #expect(
      outcome("inc", screen: "todos › todo 2", underneath: [Command("inc", summary: "")])
        == .unknownCommand("\"inc\" is not a command of todos › todo 2 — type back first")
    )
  }

  @Test func theCommandOutcomeIsWhatAViewsTestsRead() throws {
    #expect(try outcome("add 3").commandOutcome() == .send(3))
    #expect(try outcome("help").commandOutcome() == nil)
    #expect(try outcome("zzzz").commandOutcome() == nil)
    #expect(throws: ArgumentError("n must be a whole number from 1 to 9, got \"x\"")) {
      try outcome("add x").commandOutcome()
    }
  }
}
