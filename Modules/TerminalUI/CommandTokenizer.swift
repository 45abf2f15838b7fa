/// Splits a command line into words, as a shell does: spaces separate words, double or single
/// quotes group them, and a backslash escapes the next character.
///
/// ```swift
/// try CommandTokenizer.tokenize(#"add "Buy milk" now"#)   // ["add", "Buy milk", "now"]
/// try CommandTokenizer.tokenize(#"add Buy\ milk"#)        // ["add", "Buy milk"]
/// ```
public enum CommandTokenizer {
  /// The words of `line`; fails on an unclosed quote or a trailing backslash.
  public static func tokenize(_ line: String) throws(ArgumentError) -> [String] {
    if let words = plainWords(of: line) { return words }
    var words: [String] = []
    var current = ""
    var isInWord = false
    var quote: Character?
    var isEscaped = false

    for character in line {
      if isEscaped {
        current.append(character)
        isEscaped = false
        isInWord = true
      } else if character == "\\" && quote != "'" {
        isEscaped = true
        isInWord = true
      } else if let open = quote {
        if character == open {
          quote = nil
        } else {
          current.append(character)
        }
      } else if character == "\"" || character == "'" {
        quote = character
        isInWord = true
      } else if character.isWhitespace {
        if isInWord {
          words.append(current)
          current = ""
          isInWord = false
        }
      } else {
        current.append(character)
        isInWord = true
      }
    }
    if let quote {
      throw ArgumentError("unclosed \(quote) quote")
    }
    if isEscaped {
      throw ArgumentError("nothing after the last backslash")
    }
    if isInWord {
      words.append(current)
    }
    return words
  }

  /// The words of a line of ASCII text with no quote and no backslash, split at its whitespace
  /// (what `Character.isWhitespace` is in ASCII): most lines, a command and its plain
  /// arguments, found without breaking the line into characters. `nil` for any other line.
  private static func plainWords(of line: String) -> [String]? {
    var words: [String] = []
    var start: String.UTF8View.Index?
    let utf8 = line.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\\")
      else { return nil }
      let isWhitespace = byte == 0x20 || (0x09...0x0D).contains(byte)
      if isWhitespace {
        if let wordStart = start {
          words.append(String(line[wordStart..<index]))
          start = nil
        }
      } else if start == nil {
        start = index
      }
      index = utf8.index(after: index)
    }
    if let wordStart = start { words.append(String(line[wordStart..<index])) }
    return words
  }
}
