extension ArgumentError {
  /// A word someone typed, as a message shows it: in double quotes, cut to `limit` characters
  /// with an ellipsis, and with control characters written as escapes (`\e`, `\0`, `\u{7F}`),
  /// so a line of terminal escape sequences is shown, not obeyed (``TextStyle/literal(_:)``).
  ///
  /// ```swift
  /// ArgumentError.quote("x")            // "\"x\""
  /// ArgumentError.quote("\u{1B}[2J")    // "\"\\e[2J\""
  /// ```
  public static func quote(_ word: String, limit: Int = 40) -> String {
    let shown = word.count > limit ? word.prefix(limit) + "…" : Substring(word)
    return "\"\(TextStyle.escapingControlCharacters(shown))\""
  }
}
