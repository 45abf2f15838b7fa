import IssueReporting

extension TaskResult: Equatable where Success: Equatable {
  /// Two successes compare their values; two failures compare their errors when they are of one
  /// `Equatable` type. Errors of one type that is not `Equatable` are reported, and unequal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.success(let lhs), .success(let rhs)):
      return lhs == rhs
    case (.failure(let lhs), .failure(let rhs)):
      if let equal = equalErrors(lhs, rhs) { return equal }
      #if DEBUG
        if type(of: lhs) == type(of: rhs) {
          let name = shortTypeName(type(of: lhs))
          reportIssue(
            """
            "\(name)" is not equatable.

            To test two values of this type, it must conform to the "Equatable" protocol. For \
            example:

                extension \(name): Equatable {}

            See the documentation of "TaskResult" for more information.
            """
          )
        }
      #endif
      return false
    default:
      return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  /// Hashes the value, or an error that is `Hashable`; an error that is not is reported.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .success(let value):
      hasher.combine(value)
      hasher.combine(0)
    case .failure(let error):
      if let error = (error as Any) as? AnyHashable {
        hasher.combine(error)
        hasher.combine(1)
      } else {
        #if DEBUG
          let name = shortTypeName(type(of: error))
          reportIssue(
            """
            "\(name)" is not hashable.

            To hash a value of this type, it must conform to the "Hashable" protocol. For example:

                extension \(name): Hashable {}

            See the documentation of "TaskResult" for more information.
            """
          )
        #endif
      }
    }
  }
}

/// Whether two errors are equal, when the first is of an `Equatable` type; `nil` when it is not.
private func equalErrors(_ lhs: any Error, _ rhs: any Error) -> Bool? {
  guard let lhs = (lhs as Any) as? any Equatable else { return nil }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
