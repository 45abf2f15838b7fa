import ComposableCore
import CustomDump
import IssueReporting

extension TestStore {
  /// Asserts that every action received from effects was handled, then waits for every running
  /// effect to finish, failing the test if some are still running after `timeout` (the store's
  /// ``timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    assertNoReceivedActions(location: location)
    let duration = timeout ?? self.timeout
    let recorder = self.recorder
    await Task.megaYield()
    let finished = await recorder.wait(timeout: duration) { recorder.inFlightEffects.isEmpty }
    if !finished {
      report(
        """
        Expected effects to finish, but there are still effects in-flight\
        \(duration > .zero ? " after \(duration.secondsDescription) seconds" : "").

        \(Self.inFlightSuggestion(timeoutWasGiven: timeout != nil && duration != self.timeout))
        """,
        at: location
      )
    }
  }

  /// Forgets the actions received from effects that the test has not asserted; the state
  /// moves on to the state after the last of them. In an exhaustive test the skipped actions
  /// are listed as an expected issue.
  ///
  /// - Parameters:
  ///   - strict: Fails the test when there is nothing to skip.
  ///   - fileID: The file ID of the call, for a failure's report.
  ///   - filePath: The file path of the call, where a failure is reported.
  ///   - line: The line of the call, where a failure is reported.
  ///   - column: The column of the call, where a failure is reported.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
    skipReceivedActionsNow(
      strict: strict,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func skipReceivedActionsNow(strict: Bool, location: SourceLocation) {
    let received = recorder.receivedActions
    guard let last = received.last else {
      if strict { location.reportIssue("There were no received actions to skip.") }
      return
    }
    let actions = received.count == 1 ? Self.dump(received[0].action) : Self.dump(received.map(\.action))
    report(
      """
      \(received.count) received action\(received.count == 1 ? " was" : "s were") skipped.

      \(actions)
      """,
      at: location,
      exhaustivity: exhaustivity == .on ? .off(showSkippedAssertions: true) : exhaustivity
    )
    recorder.receivedActions.removeAll()
    advanceState(to: last.state)
  }

  /// Stops tracking the effects still running, so neither ``finish(timeout:fileID:file:line:column:)``
  /// nor the end of the test waits for them or reports them. The effects are not cancelled:
  /// they run on until they end or the store is released. In an exhaustive test the skipped
  /// effects are listed as an expected issue.
  ///
  /// - Parameters:
  ///   - strict: Fails the test when there is nothing to skip.
  ///   - fileID: The file ID of the call, for a failure's report.
  ///   - filePath: The file path of the call, where a failure is reported.
  ///   - line: The line of the call, where a failure is reported.
  ///   - column: The column of the call, where a failure is reported.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let effects = recorder.sortedInFlightEffects
    guard !effects.isEmpty else {
      if strict { location.reportIssue("There were no in-flight effects to skip.") }
      return
    }
    let actions = effects.count == 1 ? Self.dump(effects[0].action) : Self.dump(effects.map(\.action))
    report(
      """
      \(effects.count) in-flight effect\(effects.count == 1 ? " was" : "s were") cancelled, \
      originating from:

      \(actions)
      """,
      at: location,
      exhaustivity: exhaustivity == .on ? .off(showSkippedAssertions: true) : exhaustivity
    )
    recorder.stopTrackingInFlightEffects()
  }

  /// The end-of-test checks: unreceived actions and running effects fail an exhaustive test.
  func completed() {
    assertNoReceivedActions(location: location)
    for effect in recorder.sortedInFlightEffects {
      report(
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test.

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed:

        If using async/await in your effect, it may need a little bit of time to properly \
        finish. To fix you can simply perform "await store.finish()" at the end of your test.

        If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
        make sure that you wait enough time for it to perform the effect. If you are using a test \
        clock/scheduler, advance it so that the effects may complete, or consider using an \
        immediate clock/scheduler to immediately perform the effect instead.

        If you are returning a long-living effect (timers, notifications, subjects, etc.), \
        then make sure those effects are torn down by marking the effect ".cancellable" and \
        returning a corresponding cancellation effect ("Effect.cancel") from another action, or, \
        if your effect is driven by a Combine subject, send it a completion.

        If you do not wish to assert on these effects, perform "await \
        store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """,
        at: effect.location
      )
    }
    recorder.cancelInFlightEffects()
  }

  /// Reports the actions received from effects that the test has not handled.
  func assertNoReceivedActions(location: SourceLocation) {
    let received = recorder.receivedActions
    guard !received.isEmpty else { return }
    let actions = received
      .map { "    " + debugCaseOutput($0.action, abbreviated: true) }
      .joined(separator: "\n")
    report(
      """
      The store received \(received.count) unexpected \
      action\(received.count == 1 ? "" : "s").

        Unhandled actions:
      \(actions)

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """,
      at: location
    )
  }

  /// What to try when effects are still running after a wait.
  static func inFlightSuggestion(timeoutWasGiven: Bool) -> String {
    let timeoutMessage =
      timeoutWasGiven
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
    return """
      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, \
      advance it so that the effects may complete, or consider using an immediate \
      clock/scheduler to immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
  }

  /// Reports a failure of exhaustivity: an issue when exhaustive; when not, an expected issue
  /// headed "Skipped assertions." if skipped assertions are shown, nothing otherwise.
  func report(_ message: String, at location: SourceLocation, exhaustivity: Exhaustivity? = nil) {
    switch exhaustivity ?? self.exhaustivity {
    case .on:
      location.reportIssue(message)
    case .off(showSkippedAssertions: true):
      withExpectedIssue {
        location.reportIssue("Skipped assertions.\n\n\(message)")
      }
    case .off(showSkippedAssertions: false):
      break
    }
  }
}
