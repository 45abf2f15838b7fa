import CasePaths
import ComposableCore
import CustomDump
import IssueReporting

extension TestStore {
  /// Sends an action and asserts how it changes state.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Mutates the state as it was before the action into the
  ///     state expected after it. Omit it when the action must not change state.
  ///   - fileID: The file ID of the call, for a failure's report.
  ///   - filePath: The file path of the call, where a failure is reported.
  ///   - line: The line of the call, where a failure is reported.
  ///   - column: The column of the call, where a failure is reported.
  /// - Returns: The effects the action started, to cancel or await.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      location.reportIssue("Can't send action to dismissed test store.")
      return TestStoreTask(task: .finished, recorder: recorder, timeout: timeout)
    }
    if !recorder.receivedActions.isEmpty {
      // NB: The actions stay queued: a later `receive` can still assert them.
      let received = recorder.receivedActions
      report(
        """
        Must handle \(received.count) received \
        action\(received.count == 1 ? "" : "s") before sending an action.

        Unhandled actions: \(Self.dump(received.map(\.action)))
        """,
        at: location
      )
    }
    switch exhaustivity {
    case .on:
      break
    case .off(showSkippedAssertions: true):
      skipReceivedActionsNow(strict: false, location: location)
    case .off(showSkippedAssertions: false):
      if let last = recorder.receivedActions.last {
        recorder.receivedActions.removeAll()
        advanceState(to: last.state)
      }
    }
    recorder.sentState = nil
    let stackElementID = dependencies.stackElementID.incrementingCopy()
    let task = store.send(TestAction(origin: .send, action: action, location: location))
    assertState(
      recorder.sentState ?? state, matches: updateStateToExpectedResult,
      stackElementID: stackElementID, location: location
    )
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
    return TestStoreTask(task: task, recorder: recorder, timeout: timeout)
  }

  /// Sends the action at a case key path with an associated value:
  /// `await store.send(\.todos[id: id].titleChanged, "Milk")`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Sends the action at a case key path with no associated value:
  /// `await store.send(\.todos[id: id].toggleCompleted)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(()), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  static func dump(_ value: Any) -> String {
    var output = ""
    customDump(value, to: &output)
    return output
  }
}
