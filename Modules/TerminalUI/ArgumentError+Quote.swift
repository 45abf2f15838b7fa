extension ArgumentError {
  /// A word someone typed, as a message shows it: in double quotes, cut to `limit` characters
  /// with an ellipsis, and with control characters written as escapes (`\e`, `\0`, `\u{7F}`),
  /// so a line of terminal escape sequences is shown, not obeyed.
  ///
  /// ```swift
  /// ArgumentError.quote("x")            // "\"x\""
  /// ArgumentError.quote("\u{1B}[2J")    // "\"\\e[2J\""
  /// ```
  public static func quote(_ word: String, limit: Int = 40) -> String {
    let shown = word.count > limit ? word.prefix(limit) + "…" : Substring(word)
    var escaped = ""
    for scalar in shown.unicodeScalars {
      guard scalar.properties.generalCategory == .control else {
        escaped.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\0": escaped += "\\0"
      case "\u{07}": escaped += "\\a"
      case "\u{08}": escaped += "\\b"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\u{1B}": escaped += "\\e"
      default: escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return "\"\(escaped)\""
  }
}
