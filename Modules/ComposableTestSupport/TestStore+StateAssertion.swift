@_spi(Internals) import CasePaths
import ComposableCore
import CustomDump
import Dependencies
import IssueReporting
import Persistence

extension TestStore {
  /// Compares the state the test expects after a step with the state the store reached, and
  /// reports a diff when they differ.
  ///
  /// - Parameters:
  ///   - actual: The state the store reached after the step.
  ///   - updateStateToExpectedResult: The test's description of the change, applied to the
  ///     state before the step (exhaustive) or to `actual` (non-exhaustive).
  ///   - skipUnnecessaryModifyFailure: Whether a closure that changes nothing is accepted, as
  ///     ``assert(_:fileID:file:line:column:)`` accepts it.
  ///   - stackElementID: Where stack ids appended by `updateStateToExpectedResult` start: for
  ///     a sent action, where the store stood before it, so the test's appends get the ids
  ///     the feature's did; by default, where the store stands now.
  func assertState(
    _ actual: State,
    matches updateStateToExpectedResult: ((inout State) throws -> Void)?,
    stackElementID: StackElementIDGenerator? = nil,
    skipUnnecessaryModifyFailure: Bool = false,
    location: SourceLocation
  ) {
    let stackElementID = stackElementID ?? dependencies.stackElementID.incrementingCopy()
    let previous = state
    let tracker = sharedChangeTracker
    // NB: A step that wrote a shared value, even the value it held, accepts a closure that
    //     changes nothing: the closure asserts that write.
    let skipUnnecessaryModifyFailure = skipUnnecessaryModifyFailure || tracker.hasRecordedMutations
    defer {
      tracker.reset()
      advanceState(to: actual)
    }
    // NB: In the tracker's assertion mode, `@Shared` values in `previous` read as they were
    // before the step, and the test's `withLock` changes those snapshots, not the live values.
    let hasAssertion = updateStateToExpectedResult != nil
    // NB: Read before the test's closure runs: its `withLock` changes the snapshots `previous`
    // reads.
    let didChange = tracker.assert { previous != actual }
    do {
      switch exhaustivity {
      case .on:
        var expected = previous
        try tracker.assert { try modify(&expected, updateStateToExpectedResult, stackElementID, isExhaustive: true) }
        if tracker.assert({ expected != actual }) {
          reportStateMismatch(expected, actual, hasAssertion: hasAssertion, location: location)
        } else if hasAssertion, !skipUnnecessaryModifyFailure, !didChange {
          reportUnnecessaryModify(location: location)
        }
      case .off(let showSkippedAssertions):
        // NB: Unasserted changes are accepted: the test's changes apply to the state reached,
        // `@Shared` values included, as they are now.
        tracker.reset()
        var expectedFromActual = actual
        try tracker.assert {
          try modify(&expectedFromActual, updateStateToExpectedResult, stackElementID, isExhaustive: false)
        }
        if tracker.assert({ expectedFromActual != actual }) {
          reportStateMismatch(expectedFromActual, actual, hasAssertion: hasAssertion, location: location, exhaustivity: .on)
          return
        }
        guard showSkippedAssertions, hasAssertion else { return }
        // NB: What an exhaustive test would have said is shown as an expected issue.
        var expectedFromPrevious = previous
        do {
          try tracker.assert {
            try modify(&expectedFromPrevious, updateStateToExpectedResult, stackElementID, isExhaustive: false)
          }
        } catch {
          report("Threw error: \(error)", at: location)
          return
        }
        if tracker.assert({ expectedFromPrevious != actual }) {
          reportStateMismatch(expectedFromPrevious, actual, hasAssertion: hasAssertion, location: location)
        } else if !skipUnnecessaryModifyFailure, !didChange {
          reportUnnecessaryModify(location: location)
        }
      }
    } catch {
      location.reportIssue("Threw error: \(error)")
    }
  }

  private func modify(
    _ state: inout State,
    _ update: ((inout State) throws -> Void)?,
    _ stackElementID: StackElementIDGenerator,
    isExhaustive: Bool
  ) throws {
    guard let update else { return }
    try Dependencies.withDependencies {
      $0 = dependencies
      $0.stackElementID = stackElementID.incrementingCopy()
    } operation: {
      try XCTModifyLocals.$isExhaustive.withValue(isExhaustive) {
        try update(&state)
      }
    }
  }

  private func reportUnnecessaryModify(location: SourceLocation) {
    report(
      """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """,
      at: location
    )
  }

  private func reportStateMismatch(
    _ expected: State, _ actual: State, hasAssertion: Bool, location: SourceLocation,
    exhaustivity: Exhaustivity? = nil
  ) {
    let difference =
      sharedChangeTracker.assert { diff(expected, actual, format: .proportional) }
      .map { "\($0.indentedBy(4))\n\n(Expected: −, Actual: +)" }
      ?? """
      Expected:
      \(String(describing: expected).indentedBy(2))

      Actual:
      \(String(describing: actual).indentedBy(2))
      """
    let heading =
      hasAssertion
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    report("\(heading).\n\n\(difference)", at: location, exhaustivity: exhaustivity)
  }

  /// Asserts the store's current state, as the trailing closure of a `send` or `receive` does:
  /// the closure turns the state as of the last assertion into the state expected now.
  ///
  /// Most useful in non-exhaustive tests, to check the end result of steps not asserted one by
  /// one:
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(\.child.closeButtonTapped)
  /// await store.finish()
  /// await store.skipReceivedActions()
  /// store.assert {
  ///   $0.child = nil
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assertState(
      store.state, matches: updateStateToExpectedResult, skipUnnecessaryModifyFailure: true,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
