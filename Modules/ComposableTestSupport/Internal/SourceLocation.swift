import IssueReporting

/// Where a test step was written, so failures point at it.
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func reportIssue(_ message: String) {
    IssueReporting.reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
