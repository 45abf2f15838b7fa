import CustomDump
import Dependencies
import IssueReporting

extension Effect {
  /// Wraps asynchronous work that can send any number of actions back into the store.
  ///
  /// The dependencies in force where the effect is created — including overrides applied with
  /// ``Reducer/dependency(_:_:)`` — are in force inside `operation`.
  ///
  /// A `CancellationError` thrown by `operation` is swallowed, and so is any error thrown once
  /// the effect was cancelled. Any other error goes to `handler`; without one it is reported as
  /// an issue that names the file and line of this call.
  ///
  /// `send` must not be called once `operation` has returned (escaped into another task, say):
  /// such an action is reported ("An action was sent from a completed effect") and dropped.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.delayedIncrement)
  /// }
  /// .cancellable(id: CancelID.delay)
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - name: The name of the task that runs `operation`, as debuggers show it.
  ///   - operation: The work; `send` delivers actions to the store on the main actor.
  ///   - handler: Handles any error `operation` throws other than `CancellationError`.
  ///   - fileID: The file ID of the call, named in the report of an unhandled error.
  ///   - filePath: The file path of the call, where the report is attached.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        operation: .run(name: name, priority: priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              // NB: An error thrown once the effect was cancelled is the cancellation's doing.
              guard !Task.isCancelled else { return }
              guard let handler else {
                reportIssue(
                  """
                  An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

                  \(String(customDumping: error).indentedBy(4))

                  All non-cancellation errors must be explicitly handled via the "catch" \
                  parameter on "Effect.run", or via a "do" block.
                  """,
                  fileID: fileID,
                  filePath: filePath,
                  line: line,
                  column: column
                )
                return
              }
              await handler(error, send)
            }
          }
        }
      )
    }
  }
}
