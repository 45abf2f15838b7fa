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
}
