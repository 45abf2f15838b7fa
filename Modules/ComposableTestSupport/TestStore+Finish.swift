import ComposableCore
import CustomDump
import IssueReporting

extension TestStore {
  /// Waits for every running effect to finish, failing the test if some are still running
  /// after `timeout` (the store's ``timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let recorder = self.recorder
    let finished = await recorder.wait(timeout: timeout) { recorder.inFlightEffects.isEmpty }
    if !finished {
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
        """
        Expected effects to finish, but there are still effects in-flight after \
        \(timeout.secondsDescription) seconds.
        """
      )
    }
  }

  /// Forgets the actions received from effects that the test has not asserted; the state
  /// moves on to the state after the last of them.
  ///
  /// - Parameter strict: Fails the test when there is nothing to skip.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
    let received = recorder.receivedActions
    guard let last = received.last else {
      if strict {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .reportIssue("There were no received actions to skip.")
      }
      return
    }
    recorder.receivedActions.removeAll()
    advanceState(to: last.state)
  }

  /// Cancels every running effect, so the test can end without waiting for them.
  ///
  /// - Parameter strict: Fails the test when there is nothing to skip.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // NB: Lets effects that just delivered an action run to their end, as TCA's TestStore does.
    await Task.megaYield()
    if recorder.inFlightEffects.isEmpty {
      if strict {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .reportIssue("There were no in-flight effects to skip.")
      }
      return
    }
    recorder.cancelInFlightEffects()
  }

  /// The end-of-test checks: unreceived actions and running effects fail an exhaustive test.
  func completed() {
    let received = recorder.receivedActions
    if !received.isEmpty {
      let message = """
        The store received \(received.count) unexpected \
        action\(received.count == 1 ? "" : "s") by the end of this test: …

        Unhandled actions: \(Self.dump(received.map(\.action)))
        """
      report(message, at: location)
    }
    for effect in recorder.sortedInFlightEffects {
      let message = """
        An effect returned for this action is still running. It must complete before the end \
        of the test.

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not \
        have completed:

        If using async/await in your effect, it may need a little bit of time to properly \
        finish. To fix you can simply perform "await store.finish()" at the end of your test.

        If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", \
        etc.), make sure that you wait enough time for it to perform the effect. If you are \
        using a test clock/scheduler, advance it so that the effects may complete, or consider \
        using an immediate clock/scheduler to immediately perform the effect instead.

        If you are returning a long-living effect (timers, notifications, subjects, etc.), \
        then make sure those effects are torn down by marking the effect ".cancellable" and \
        returning a corresponding cancellation effect ("Effect.cancel") from another action, \
        or, if your effect is driven by a Combine subject, send it a completion.

        If you do not wish to assert on these effects, perform "await \
        store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """
      report(message, at: effect.location)
    }
    recorder.cancelInFlightEffects()
  }

  /// Reports a failure of exhaustivity: an issue when exhaustive, an expected issue when
  /// showing skipped assertions, nothing otherwise.
  func report(_ message: String, at location: SourceLocation) {
    switch exhaustivity {
    case .on:
      location.reportIssue(message)
    case .off(showSkippedAssertions: true):
      withExpectedIssue { location.reportIssue(message) }
    case .off(showSkippedAssertions: false):
      break
    }
  }
}
