import IssueReporting

/// Where an operator was applied, for issues that point back at it.
@usableFromInline
struct SourceLocation: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @usableFromInline
  var description: String { "\(fileID):\(line)" }

  func reportIssue(_ message: String) {
    IssueReporting.reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
