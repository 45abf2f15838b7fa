import CustomDump
import Dependencies
import IssueReporting

extension TestStore {
  /// Compares the state the test expects after a step with the state the store reached, and
  /// reports a diff when they differ.
  ///
  /// - Parameters:
  ///   - actual: The state the store reached after the step.
  ///   - updateStateToExpectedResult: The test's description of the change, applied to the
  ///     state before the step (exhaustive) or to `actual` (non-exhaustive).
  func assertState(
    _ actual: State,
    matches updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: SourceLocation
  ) {
    let previous = state
    defer { advanceState(to: actual) }
    do {
      var expectedFromPrevious = previous
      try modify(&expectedFromPrevious, updateStateToExpectedResult)
      let expected: State
      switch exhaustivity {
      case .on:
        expected = expectedFromPrevious
      case .off(let showSkippedAssertions):
        var expectedFromActual = actual
        try modify(&expectedFromActual, updateStateToExpectedResult)
        expected = expectedFromActual
        if showSkippedAssertions, expectedFromPrevious != actual {
          withExpectedIssue {
            reportStateMismatch(expectedFromPrevious, actual, hasAssertion: updateStateToExpectedResult != nil, location: location)
          }
        }
      }
      if expected != actual {
        reportStateMismatch(expected, actual, hasAssertion: updateStateToExpectedResult != nil, location: location)
      } else if updateStateToExpectedResult != nil, expected == previous, exhaustivity == .on {
        location.reportIssue(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to \
          state is expected, omit the trailing closure.
          """
        )
      }
    } catch {
      location.reportIssue("Threw error: \(error)")
    }
  }

  private func modify(_ state: inout State, _ update: ((inout State) throws -> Void)?) throws {
    guard let update else { return }
    try withDependencies { $0 = dependencies } operation: { try update(&state) }
  }

  private func reportStateMismatch(
    _ expected: State, _ actual: State, hasAssertion: Bool, location: SourceLocation
  ) {
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indentedBy(2))\n\n(Expected: −, Actual: +)" }
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
    location.reportIssue("\(heading): …\n\n\(difference)")
  }
}
