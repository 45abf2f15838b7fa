import ComposableCore
import CasePaths
import CustomDump
import IssueReporting

extension TestStore {
  /// Asserts the next action an effect sent is `expectedAction`, and how it changed state.
  ///
  /// ```swift
  /// await store.receive(.factResponse(.success("1 is a good number."))) {
  ///   $0.fact = "1 is a good number."
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (the store's ``timeout``, one second by default) for the action.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expectedAction },
      mismatch: { received in
        diff(expectedAction, received, format: .proportional)
          .map { "\($0.indentedBy(4))\n\n(Expected: −, Received: +)" }
          ?? "Expected:\n\(Self.dump(expectedAction).indentedBy(2))\n\nReceived:\n\(Self.dump(received).indentedBy(2))"
      },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts the next action an effect sent satisfies `isMatching`, and how it changed state.
  public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      mismatch: { "\(Self.dump($0).indentedBy(2))\n\nDid not match the given predicate." },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts the next action an effect sent is in the case at `actionCase`, with any value:
  /// `await store.receive(\.factResponse.success)`.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      mismatch: { "\(Self.dump($0).indentedBy(2))\n\nExpected an action in the case \(actionCase)." },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts the next action an effect sent is in the case at `actionCase` with `value`:
  /// `await store.receive(\.factResponse.success, "1 is a good number.")`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) == value },
      mismatch: { received in
        guard let receivedValue = casePath.extract(from: received) else {
          return "\(Self.dump(received).indentedBy(2))\n\nExpected an action in the case \(actionCase)."
        }
        return diff(value, receivedValue, format: .proportional)
          .map { "\($0.indentedBy(4))\n\n(Expected: −, Received: +)" }
          ?? Self.dump(received).indentedBy(2)
      },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private func receiveAction(
    matching isMatching: @escaping (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceLocation
  ) async {
    // NB: An exhaustive test takes the next action; a non-exhaustive one waits for a match.
    let isReady: () -> Bool =
      exhaustivity == .on
      ? { [recorder] in !recorder.receivedActions.isEmpty }
      : { [recorder] in recorder.receivedActions.contains { isMatching($0.action) } }
    guard
      await waitForReceivedAction(timeout: timeout ?? self.timeout, until: isReady, location: location)
    else {
      return
    }
    switch exhaustivity {
    case .on:
      let (action, reachedState) = recorder.receivedActions.removeFirst()
      if !isMatching(action) {
        location.reportIssue("Received unexpected action:\n\n\(mismatch(action))")
      }
      assertState(reachedState, matches: updateStateToExpectedResult, location: location)

    case .off(let showSkippedAssertions):
      guard let index = recorder.receivedActions.firstIndex(where: { isMatching($0.action) }) else {
        let received = recorder.receivedActions.map(\.action)
        location.reportIssue(
          """
          Expected to receive a matching action, but didn't get one. …

          Received actions: \(Self.dump(received))
          """
        )
        return
      }
      let skipped = recorder.receivedActions.prefix(index)
      if showSkippedAssertions, !skipped.isEmpty {
        withExpectedIssue {
          location.reportIssue("Skipped receiving \(Self.dump(skipped.map(\.action)))")
        }
      }
      if let last = skipped.last {
        advanceState(to: last.state)
      }
      let (_, reachedState) = recorder.receivedActions[index]
      recorder.receivedActions.removeFirst(index + 1)
      assertState(reachedState, matches: updateStateToExpectedResult, location: location)
    }
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
  }

  /// Waits for an action from an effect; reports a failure and returns `false` when none
  /// arrives in time, or none can arrive because no effect is running.
  private func waitForReceivedAction(
    timeout: Duration, until isReady: () -> Bool, location: SourceLocation
  ) async -> Bool {
    let recorder = self.recorder
    let arrived = await recorder.wait(timeout: timeout) {
      isReady() || recorder.inFlightEffects.isEmpty
    }
    if isReady() { return true }
    if exhaustivity != .on, !recorder.receivedActions.isEmpty {
      // NB: Reported below with the actions that did arrive.
      return true
    }
    if arrived {
      location.reportIssue(
        """
        Expected to receive an action, but received none.

        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
      )
    } else {
      location.reportIssue(
        """
        Expected to receive an action, but received none after \(timeout.secondsDescription) seconds.

        There are effects in-flight. If the effect that delivers this action uses a clock, make \
        sure to wait enough time for it: advance a test clock, or use an immediate clock. \
        Otherwise, give this assertion a longer "timeout".
        """
      )
    }
    return false
  }
}
