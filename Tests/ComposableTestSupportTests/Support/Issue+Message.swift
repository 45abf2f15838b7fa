import Testing

extension Issue {
  /// The text the issue was reported with, as a reader sees it under the issue.
  var message: String {
    comments.map(\.rawValue).joined(separator: "\n")
  }
}
