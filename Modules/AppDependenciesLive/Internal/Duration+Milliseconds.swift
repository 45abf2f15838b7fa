extension Duration {
  /// The duration in whole milliseconds, rounded down, and never less than 1.
  ///
  /// NB: libcurl reads a timeout of 0 as "no timeout", so a positive floor keeps a tiny
  /// duration meaning "almost at once" rather than "never".
  var milliseconds: Int {
    let (seconds, attoseconds) = components
    let total = seconds.multipliedReportingOverflow(by: 1_000)
    guard !total.overflow else { return Int.max }
    return max(1, Int(total.partialValue) + Int(attoseconds / 1_000_000_000_000_000))
  }

  /// "5 seconds", "1 second", "250 ms": the duration as people say it.
  var readable: String {
    let ms = milliseconds
    guard ms.isMultiple(of: 1_000) else { return "\(ms) ms" }
    return ms == 1_000 ? "1 second" : "\(ms / 1_000) seconds"
  }
}
