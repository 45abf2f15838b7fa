extension String {
  /// The text with every control character but line breaks and tabs replaced by U+FFFD (�), so
  /// text a server sent cannot move the cursor, clear the screen or retitle the terminal it
  /// is shown in.
  func replacingControlCharacters() -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count)
    for scalar in unicodeScalars {
      let isControl = scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
      result.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
    }
    return result
  }
}
