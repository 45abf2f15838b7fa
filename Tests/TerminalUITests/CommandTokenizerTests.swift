import Testing
import TerminalUI

struct CommandTokenizerTests {
  @Test(arguments: [
    ("add Buy milk", ["add", "Buy", "milk"]),
    (#"add "Buy milk""#, ["add", "Buy milk"]),
    ("add 'Buy milk'", ["add", "Buy milk"]),
    (#"add Buy\ milk"#, ["add", "Buy milk"]),
    (#"add "say \"hi\"""#, ["add", #"say "hi""#]),
    (#"add 'a\b'"#, ["add", #"a\b"#]),
    ("  inc   ", ["inc"]),
    ("", []),
    (#"add """#, ["add", ""]),
    ("\tset\tstep 5", ["set", "step", "5"]),
  ])
  func tokenizes(line: String, words: [String]) throws {
    #expect(try CommandTokenizer.tokenize(line) == words)
  }

  @Test func anUnclosedQuoteIsAnError() {
    #expect(throws: ArgumentError("unclosed \" quote")) {
      try CommandTokenizer.tokenize(#"add "Buy milk"#)
    }
  }

  @Test func aTrailingBackslashIsAnError() {
    #expect(throws: ArgumentError("nothing after the last backslash")) {
      try CommandTokenizer.tokenize(#"add milk\"#)
    }
  }
}
