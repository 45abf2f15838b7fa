import CustomDump

/// Compares two values of unknown type: by `==` when equatable, else by their dumps.
func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  if let lhs = lhs as? any Equatable {
    return lhs.isEqual(to: rhs)
  }
  return String(customDumping: lhs) == String(customDumping: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
