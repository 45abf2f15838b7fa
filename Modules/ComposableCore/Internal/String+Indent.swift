extension String {
  /// Indents every line but the first-line-empty ones by `count` spaces.
  package func indentedBy(_ count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}
