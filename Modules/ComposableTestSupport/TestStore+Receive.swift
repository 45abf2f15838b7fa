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
      failureMessage: """
        Expected to receive the following action, but didn't:

        \(Self.dump(expectedAction).indentedBy(2))
        """,
      unexpectedActionDescription: { received in
        diff(expectedAction, received, format: .proportional)
          .map { "\($0.indentedBy(4))\n\n(Expected: −, Received: +)" }
          ?? """
          Expected:
          \(String(describing: expectedAction).indentedBy(2))

          Received:
          \(String(describing: received).indentedBy(2))
          """
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
      failureMessage: "Expected to receive an action matching predicate, but didn't get one.",
      unexpectedActionDescription: { Self.dump($0).indentedBy(2) },
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
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { Self.dump($0).indentedBy(2) },
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
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { received in
        if casePath.extract(from: received) != nil,
          let difference = diff(casePath.embed(value), received, format: .proportional)
        {
          return "\(difference.indentedBy(2))\n\n(Expected: −, Actual: +)"
        }
        return Self.dump(received).indentedBy(2)
      },
      timeout: timeout, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for a received action (unless no effect is running that could send one), then
  /// takes it: the next one when exhaustive, the first match when not, skipping those before.
  func receiveAction(
    matching isMatching: @escaping (Action) -> Bool,
    failureMessage: @autoclosure () -> String,
    unexpectedActionDescription: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceLocation
  ) async {
    if !recorder.inFlightEffects.isEmpty {
      await waitForReceivedAction(matching: isMatching, timeout: timeout, location: location)
    }
    takeReceivedAction(
      matching: isMatching,
      failureMessage: failureMessage(),
      unexpectedActionDescription: unexpectedActionDescription,
      assert: updateStateToExpectedResult,
      location: location
    )
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
  }

  private func takeReceivedAction(
    matching isMatching: (Action) -> Bool,
    failureMessage: @autoclosure () -> String,
    unexpectedActionDescription: (Action) -> String,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceLocation
  ) {
    guard !recorder.receivedActions.isEmpty else {
      location.reportIssue(failureMessage())
      return
    }
    if exhaustivity != .on {
      guard recorder.receivedActions.contains(where: { isMatching($0.action) }) else {
        location.reportIssue(failureMessage())
        return
      }
      var skipped: [Action] = []
      while let first = recorder.receivedActions.first, !isMatching(first.action) {
        recorder.receivedActions.removeFirst()
        skipped.append(first.action)
        advanceState(to: first.state)
      }
      if !skipped.isEmpty {
        report(
          """
          \(skipped.count) received action\(skipped.count == 1 ? " was" : "s were") skipped.

          \(Self.dump(skipped))
          """,
          at: location
        )
      }
    }
    let (action, reachedState) = recorder.receivedActions.removeFirst()
    guard isMatching(action) else {
      // NB: A mismatched action is the one failure of this step: its state is not asserted.
      let matchesLater = recorder.receivedActions.contains { isMatching($0.action) }
      report(
        """
        Received unexpected action\(matchesLater ? " before this one" : ""):

        \(unexpectedActionDescription(action))
        """,
        at: location
      )
      advanceState(to: reachedState)
      return
    }
    assertState(reachedState, matches: updateStateToExpectedResult, location: location)
  }

  /// Waits for an action from an effect — any when exhaustive, a match when not — and reports
  /// a failure when none arrives in time.
  private func waitForReceivedAction(
    matching isMatching: @escaping (Action) -> Bool,
    timeout: Duration?,
    location: SourceLocation
  ) async {
    let duration = timeout ?? self.timeout
    let recorder = self.recorder
    let isReady: () -> Bool =
      exhaustivity == .on
      ? { !recorder.receivedActions.isEmpty }
      : { recorder.receivedActions.contains { isMatching($0.action) } }
    await Task.megaYield()
    _ = await recorder.wait(timeout: duration) {
      isReady() || recorder.inFlightEffects.isEmpty
    }
    guard !isReady() else { return }
    let suggestion: String
    if recorder.inFlightEffects.isEmpty {
      suggestion = """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
    } else {
      suggestion = Self.inFlightSuggestion(timeoutWasGiven: timeout != nil && duration != self.timeout)
    }
    location.reportIssue(
      """
      Expected to receive \(exhaustivity == .on ? "an action" : "a matching action"), but \
      received none\(duration > .zero ? " after \(duration.secondsDescription) seconds" : "").

      \(suggestion)
      """
    )
  }
}

extension TestStore {
  /// Receiving an action by value needs `Action: Equatable`; otherwise the compiler says what to
  /// write instead, in TCA's words.
  @available(
    *,
    unavailable,
    message:
      "Provide a key path to the case you expect to receive (like 'store.receive(\\.tap)'), or conform 'Action' to 'Equatable' to assert against it directly."
  )
  public func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    fatalError()
  }
}
