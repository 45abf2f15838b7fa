extension String {
  /// Indents every non-empty line by `count` spaces.
  func indentedBy(_ count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}

extension Duration {
  /// Seconds, as TCA prints them: "1.0".
  var secondsDescription: String {
    let (seconds, attoseconds) = components
    return "\(Double(seconds) + Double(attoseconds) / 1e18)"
  }
}
