import Testing
import TerminalUI

struct CommandTokenizerTests {
  /// A plain ASCII line is split at its whitespace without being broken into characters; the
  /// words are the same as the character-by-character split finds, and a line with anything
  /// else (a quote, a backslash, a letter beyond ASCII) takes that split.
  @Test func plainLinesSplitAsEveryOtherLine() throws {
    #expect(try CommandTokenizer.tokenize("  add\tmilk  and\u{0B}bread \r") == ["add", "milk", "and", "bread"])
    #expect(try CommandTokenizer.tokenize("") == [])
    #expect(try CommandTokenizer.tokenize(" \t ") == [])
    #expect(try CommandTokenizer.tokenize("add café\u{00A0}au lait") == ["add", "café", "au", "lait"])
    #expect(try CommandTokenizer.tokenize(#"add "oat milk""#) == ["add", "oat milk"])
  }

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
