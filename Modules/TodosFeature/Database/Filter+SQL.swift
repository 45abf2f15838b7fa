extension Filter {
  /// The condition on `todos` that keeps the rows this filter shows, to follow `WHERE`; `1` for
  /// every row. The `isComplete, position` index serves each in the order shown.
  var sqlCondition: String {
    switch self {
    case .all: "1"
    case .active: #""isComplete" = 0"#
    case .completed: #""isComplete" = 1"#
    }
  }
}
