extension TextStyle {
  /// Text from outside the program — what was typed, or read from a file or a database another
  /// program writes too — as a view shows it: every control character written as an escape
  /// (`\e`, `\0`, `\t`, `\u{7F}`), so that the terminal shows the text rather than obeys it. The
  /// same whether styles are on or off; text without control characters is returned as it is.
  ///
  /// ```swift
  /// style.literal("Buy milk")       // "Buy milk"
  /// style.literal("\u{1B}[2J")      // "\\e[2J": shown, the screen not cleared
  /// "[ ] \(style.literal(todo.description))"
  /// ```
  public func literal(_ text: String) -> String {
    Self.hasControlCharacters(text) ? Self.escapingControlCharacters(text) : text
  }

  /// Whether `text` holds a control character (Unicode's general category Cc: U+0000–U+001F
  /// and U+007F–U+009F), the line breaks and tabs among them.
  public static func hasControlCharacters(_ text: some StringProtocol) -> Bool {
    // NB: In UTF-8 every C0 control and DEL is a byte of its own, and every C1 control starts
    //     with 0xC2; other text is passed over a byte at a time, without decoding a scalar.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return false }
    return text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// `text` with each control character written as an escape.
  static func escapingControlCharacters(_ text: some StringProtocol) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
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
    return escaped
  }
}
