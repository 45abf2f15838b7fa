import Animations

extension DismissEffect {
  /// Dismisses the presented feature with an animation.
  ///
  /// The animation is inert off Apple platforms: the feature is dismissed exactly as
  /// ``callAsFunction(fileID:filePath:line:column:)`` dismisses it, and the same issue is reported
  /// when there is nothing to dismiss.
  @MainActor
  public func callAsFunction(
    animation: Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await callAsFunction(
      transaction: Transaction(animation: animation),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Dismisses the presented feature in a transaction.
  ///
  /// The transaction is inert off Apple platforms: the feature is dismissed exactly as
  /// ``callAsFunction(fileID:filePath:line:column:)`` dismisses it.
  @MainActor
  public func callAsFunction(
    transaction: Transaction,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await callAsFunction(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
