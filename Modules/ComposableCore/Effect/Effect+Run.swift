import CustomDump
import Dependencies
import IssueReporting

extension Effect {
  /// Wraps asynchronous work that can send any number of actions back into the store.
  ///
  /// The dependencies in force where the effect is created — including overrides applied with
  /// ``Reducer/dependency(_:_:)`` — are in force inside `operation`.
  ///
  /// A `CancellationError` thrown by `operation` is swallowed. Any other error goes to `handler`;
  /// without one it is reported as an issue that names the file and line of this call.
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
  ///   - operation: The work; `send` delivers actions to the store on the main actor.
  ///   - handler: Handles any error `operation` throws other than `CancellationError`.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        operation: .run(priority: priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              guard let handler else {
                reportIssue(
                  """
                  An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

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
