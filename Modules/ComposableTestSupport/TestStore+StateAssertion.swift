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
  ///   - stackElementID: Where stack ids appended by `updateStateToExpectedResult` start: for
  ///     a sent action, where the store stood before it, so the test's appends get the ids
  ///     the feature's did; by default, where the store stands now.
  func assertState(
    _ actual: State,
    matches updateStateToExpectedResult: ((inout State) throws -> Void)?,
    stackElementID: StackElementIDGenerator? = nil,
    location: SourceLocation
  ) {
    let stackElementID = stackElementID ?? dependencies.stackElementID.incrementingCopy()
    let previous = state
    let tracker = sharedChangeTracker
    defer {
      tracker.reset()
      advanceState(to: actual)
    }
    // NB: In the tracker's assertion mode, `@Shared` values in `previous` read as they were
    // before the step, and the test's `withLock` changes those snapshots, not the live values.
    do {
      let didChange = tracker.assert { previous != actual }
      var expectedFromPrevious = previous
      try tracker.assert { try modify(&expectedFromPrevious, updateStateToExpectedResult, stackElementID) }
      switch exhaustivity {
      case .on:
        if tracker.assert({ expectedFromPrevious != actual }) {
          reportStateMismatch(expectedFromPrevious, actual, hasAssertion: updateStateToExpectedResult != nil, location: location)
        } else if updateStateToExpectedResult != nil, !didChange {
          location.reportIssue(
            """
            Expected state to change, but no change occurred.

            The trailing closure made no observable modifications to state. If no change to \
            state is expected, omit the trailing closure.
            """
          )
        }
      case .off(let showSkippedAssertions):
        if showSkippedAssertions, tracker.assert({ expectedFromPrevious != actual }) {
          withExpectedIssue {
            reportStateMismatch(expectedFromPrevious, actual, hasAssertion: updateStateToExpectedResult != nil, location: location)
          }
        }
        // NB: Unasserted changes are accepted: the test's changes apply to the state reached.
        tracker.reset()
        var expectedFromActual = actual
        try tracker.assert { try modify(&expectedFromActual, updateStateToExpectedResult, stackElementID) }
        if tracker.assert({ expectedFromActual != actual }) {
          reportStateMismatch(expectedFromActual, actual, hasAssertion: updateStateToExpectedResult != nil, location: location)
        }
      }
    } catch {
      location.reportIssue("Threw error: \(error)")
    }
  }

  private func modify(
    _ state: inout State,
    _ update: ((inout State) throws -> Void)?,
    _ stackElementID: StackElementIDGenerator
  ) throws {
    guard let update else { return }
    try withDependencies {
      $0 = dependencies
      $0.stackElementID = stackElementID.incrementingCopy()
    } operation: {
      try update(&state)
    }
  }

  private func reportStateMismatch(
    _ expected: State, _ actual: State, hasAssertion: Bool, location: SourceLocation
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
    location.reportIssue("\(heading).\n\n\(difference)")
  }
}
