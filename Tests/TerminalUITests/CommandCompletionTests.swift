import Testing
@testable import TerminalUI

struct CommandCompletionTests {
  let commands = [
    Command("inc", aliases: ["+"], summary: "Add one"),
    Command("filter", arguments: "all|active|completed", summary: "Filter"),
    Command("fact", arguments: "[stop]", summary: "Fetch a fact"),
    Command("facts", summary: "Show the facts"),
    Command("edit", arguments: "<n> <text>", summary: "Edit"),
  ] + BuiltInCommand.all

  @Test func aUniquePrefixOfACommandCompletesWithASpace() {
    let completion = CommandCompletion(typed: "fil", commands: commands)
    #expect(completion.candidates == ["filter"])
    #expect(completion.insertion == "ter ")
    #expect(completion.choicesToList.isEmpty)
  }

  @Test func anAmbiguousPrefixCompletesAsFarAsTheChoicesAgreeThenListsThem() {
    let completion = CommandCompletion(typed: "f", commands: commands)
    #expect(completion.candidates == ["filter", "fact", "facts"])
    #expect(completion.insertion == "")
    #expect(completion.choicesToList == ["fact", "facts", "filter"])

    let shared = CommandCompletion(typed: "fa", commands: commands)
    #expect(shared.insertion == "ct")
    #expect(shared.choicesToList.isEmpty)
  }

  @Test func aliasesAndBuiltInCommandsComplete() {
    #expect(CommandCompletion(typed: "", commands: commands).candidates.contains("+"))
    #expect(CommandCompletion(typed: "qu", commands: commands).insertion == "it ")
    #expect(CommandCompletion(typed: "ex", commands: commands).insertion == "it ")
  }

  @Test func argumentsCompleteFromTheValuesTheCommandDeclares() {
    #expect(CommandCompletion(typed: "filter act", commands: commands).insertion == "ive ")
    #expect(CommandCompletion(typed: "filter ", commands: commands).candidates == ["all", "active", "completed"])
    #expect(CommandCompletion(typed: "fact s", commands: commands).insertion == "top ")
    // A placeholder offers nothing, nor does a position the command does not declare.
    #expect(CommandCompletion(typed: "edit ", commands: commands).candidates.isEmpty)
    #expect(CommandCompletion(typed: "filter all a", commands: commands).candidates.isEmpty)
    #expect(CommandCompletion(typed: "nothing a", commands: commands).candidates.isEmpty)
  }

  @Test func helpCompletesCommandNames() {
    #expect(CommandCompletion(typed: "help fi", commands: commands).insertion == "lter ")
    #expect(CommandCompletion(typed: "? in", commands: commands).insertion == "c ")
  }

  @Test func nothingMatchingAddsNothingAndListsNothing() {
    let completion = CommandCompletion(typed: "zz", commands: commands)
    #expect(completion.candidates.isEmpty)
    #expect(completion.insertion == "")
    #expect(completion.choicesToList.isEmpty)
  }

  @Test func argumentChoicesAreReadFromTheDeclaration() {
    #expect(Command("x", arguments: "all|active", summary: "").argumentChoices(at: 0) == ["all", "active"])
    #expect(Command("x", arguments: "[stop]", summary: "").argumentChoices(at: 0) == ["stop"])
    #expect(Command("x", arguments: "<n> on|off", summary: "").argumentChoices(at: 1) == ["on", "off"])
    #expect(Command("x", arguments: "<n>", summary: "").argumentChoices(at: 0).isEmpty)
    #expect(Command("x", arguments: "[<text>]", summary: "").argumentChoices(at: 0).isEmpty)
    #expect(Command("x", arguments: "<a> | reset", summary: "").argumentChoices(at: 1).isEmpty)
    #expect(Command("x", summary: "").argumentChoices(at: 0).isEmpty)
  }
}
