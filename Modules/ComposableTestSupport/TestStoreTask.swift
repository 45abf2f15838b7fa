import ComposableCore

/// The effects an action sent to a ``TestStore`` started: cancel them, or wait for them.
@MainActor
public struct TestStoreTask: Hashable, Sendable {
  let task: StoreTask
  private let finishEffects: @MainActor (Duration) async -> Bool
  private let timeout: Duration

  init<State, Action>(task: StoreTask, recorder: TestRecorder<State, Action>, timeout: Duration) {
    self.task = task
    self.timeout = timeout
    self.finishEffects = { [weak recorder] timeout in
      guard let recorder else { return true }
      return await recorder.wait(timeout: timeout) { task._isFinished }
    }
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    task.cancel()
    await task.finish()
  }

  /// Waits for the effects to finish, failing the test if they are still running after
  /// `timeout` (the test store's timeout by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    guard await finishEffects(timeout) else {
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
        """
        Expected task to finish, but it is still in-flight after \(timeout.secondsDescription) seconds.
        """
      )
      return
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool {
    task.isCancelled
  }

  /// Whether both are the same effects.
  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.task == rhs.task
  }

  /// Hashes the identity of the effects.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(task)
  }
}
