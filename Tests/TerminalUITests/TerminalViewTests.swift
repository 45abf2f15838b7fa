import Testing
import TerminalUI

/// A tiny view over an integer, to exercise parsing and help.
struct NumberView: TerminalView {
  let commands = [
    Command("inc", aliases: ["+"], summary: "Increase the number"),
    Command("set", arguments: "<n>", summary: "Set the number"),
    Command("show", summary: "Show the number"),
  ]

  func interpret(_ invocation: Invocation, state: Int) throws(ArgumentError) -> CommandOutcome<Int> {
    switch invocation.command.name {
    case "inc":
      try invocation.noArguments()
      return .send(state + 1)
    case "set":
      return .send(try invocation.integer(at: 0, named: "n", in: 0...9))
    default:
      return .print(render(state, style: .plain))
    }
  }

  func render(_ state: Int, style: TextStyle) -> [String] {
    ["\(style.bold("number:")) \(state)"]
  }
}

struct TerminalViewTests {
  let view = NumberView()

  @Test func parseMatchesNamesAndAliases() throws {
    let invocation = try #require(try view.parse("+"))
    #expect(invocation.command.name == "inc")
    #expect(try view.interpret(#require(try view.parse("set 4")), state: 0) == .send(4))
    #expect(try view.interpret(#require(try view.parse("show")), state: 7) == .print(["number: 7"]))
  }

  @Test func parseIgnoresOtherCommandsAndEmptyLines() throws {
    #expect(try view.parse("todos") == nil)
    #expect(try view.parse("   ") == nil)
  }

  @Test func helpAlignsUsages() {
    #expect(
      Help.lines(for: view.commands, style: .plain) == [
        "  inc, +   Increase the number",
        "  set <n>  Set the number",
        "  show     Show the number",
      ]
    )
  }

  @Test func aWordFarLongerThanEveryCommandHasNoSuggestion() {
    let commands = [Command("todos", summary: ""), Command("show", summary: "")]
    #expect(Help.suggestion(for: "todosx", among: commands) == "todos")
    #expect(Help.suggestion(for: String(repeating: "todos", count: 13_000), among: commands) == nil)
  }

  @Test func suggestionsCatchTypos() {
    let commands = view.commands + [Command("todos", summary: "Show todos")]
    #expect(Help.suggestion(for: "tdos", among: commands) == "todos")
    #expect(Help.suggestion(for: "shwo", among: commands) == "show")
    #expect(Help.suggestion(for: "xyzzy", among: commands) == nil)
  }
}
