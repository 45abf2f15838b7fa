extension Int {
  // NB: The count is persisted and can be edited outside the app, so arithmetic on it stops at the
  // bounds instead of trapping.
  func saturatingAdd(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  func saturatingSubtract(_ other: Int) -> Int {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other > 0 ? .min : .max) : difference
  }
}
