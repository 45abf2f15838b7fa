extension Command {
  /// The literal values the argument at `position` can take, read from the declaration's
  /// ``arguments``: `all|active|completed` offers its three words, `[stop]` offers `stop`, and a
  /// placeholder such as `<n>` or `[<text>]` offers nothing.
  ///
  /// ```swift
  /// Command("filter", arguments: "all|active|completed", summary: "…").argumentChoices(at: 0)
  /// // ["all", "active", "completed"]
  /// ```
  public func argumentChoices(at position: Int) -> [String] {
    let slots = arguments.split(whereSeparator: \.isWhitespace)
    guard slots.indices.contains(position) else { return [] }
    var slot = Substring(slots[position])
    if slot.hasPrefix("["), slot.hasSuffix("]") { slot = slot.dropFirst().dropLast() }
    guard !slot.contains("<"), !slot.contains("["), slot != "|" else { return [] }
    return slot.split(separator: "|").map(String.init)
  }
}
