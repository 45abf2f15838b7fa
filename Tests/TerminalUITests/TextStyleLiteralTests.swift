import Testing
import TerminalUI

/// How a view shows text from outside the program: control characters escaped, styled or not,
/// everything else as it is.
struct TextStyleLiteralTests {
  @Test func textWithoutControlCharactersIsShownAsItIs() {
    for text in ["Buy milk", "", "🙂 café", "£5 ¢ ©", "no\u{A0}break"] {
      #expect(TextStyle.plain.literal(text) == text)
      #expect(TextStyle.ansi.literal(text) == text)
      #expect(!TextStyle.hasControlCharacters(text))
    }
  }

  @Test func controlCharactersAreEscapedNotSentToTheTerminal() {
    #expect(TextStyle.plain.literal("a\u{1B}[2Jb") == #"a\e[2Jb"#)
    #expect(TextStyle.ansi.literal("\u{1B}]0;owned\u{07}") == #"\e]0;owned\a"#)
    #expect(TextStyle.plain.literal("two\nlines\tand\r\0") == #"two\nlines\tand\r\0"#)
    #expect(TextStyle.plain.literal("\u{7F}\u{9B}£") == #"\u{7F}\u{9B}£"#)
  }

  @Test func controlCharactersAreFoundWhereverTheyAre() {
    for text in ["\0", "a\u{1B}", "\u{7F}", "£\u{85}", "\u{9F}x", "\n"] {
      #expect(TextStyle.hasControlCharacters(text))
      #expect(TextStyle.hasControlCharacters(text[...]))
    }
  }
}
