import ComposableTestSupport
import Testing

/// Every failure a test store reports, word for word as the Composable Architecture's
/// `TestStoreFailureTests` expect them, and the failures of waiting and skipping.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestStoreFailureTests {
  @Test func aClosureThatChangesNothingFailsOnSendAndOnReceive() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: .send(.second)
        case .second: .none
        }
      }
    }
    let unnecessaryModify = """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """
    await withKnownIssue {
      await store.send(.first) { _ = $0 }
    } matching: { $0.message.hasSuffix(unnecessaryModify) }
    await withKnownIssue {
      await store.receive(.second) { _ = $0 }
    } matching: { $0.message.hasSuffix(unnecessaryModify) }
  }

  @Test func aStateChangeThatDoesNotMatchShowsADiff() async {
    struct State: Equatable { var count = 0 }
    let store = TestStore(initialState: State()) {
      Reduce<State, Void> { state, _ in
        state.count += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(()) { $0.count = 0 }
    } matching: {
      $0.message.hasSuffix(
        """
        A state change does not match expectation.

            − TestStoreFailureTests.State(count: 0)
            + TestStoreFailureTests.State(count: 1)

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func anUnassertedChangeOnSendFails() async {
    struct State: Equatable { var count = 0 }
    let store = TestStore(initialState: State()) {
      Reduce<State, Void> { state, _ in
        state.count += 1
        return .none
      }
    }
    await withKnownIssue {
      await store.send(())
    } matching: {
      $0.message.hasSuffix(
        """
        State was not expected to change, but a change occurred.

            − TestStoreFailureTests.State(count: 0)
            + TestStoreFailureTests.State(count: 1)

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func anUnassertedChangeOnReceiveFails() async {
    struct State: Equatable { var count = 0 }
    enum Action { case first, second }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          state.count += 1
          return .none
        }
      }
    }
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.second)
    } matching: {
      $0.message.hasSuffix(
        """
        State was not expected to change, but a change occurred.

            − TestStoreFailureTests.State(count: 0)
            + TestStoreFailureTests.State(count: 1)

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func anActionReceivedButNeverAssertedFailsWhenTheStoreGoes() async {
    enum Action { case first, second }
    await withKnownIssue {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Action> { _, action in
          switch action {
          case .first: .send(.second)
          case .second: .none
          }
        }
      }
      await store.send(.first)
    } matching: { $0.message.hasSuffix(Self.unexpectedSecond) }
  }

  @Test func anActionReceivedButNeverAssertedFailsAtFinish() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: .send(.second)
        case .second: .none
        }
      }
    }
    await store.send(.first)
    await withKnownIssue {
      await store.finish()
    } matching: { $0.message.hasSuffix(Self.unexpectedSecond) }
    await store.skipReceivedActions()
  }

  @Test func anEffectStillRunningFailsWhenTheStoreGoes() async {
    let line = LockIsolated<UInt>(0)
    await withKnownIssue {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in
          .run { _ in try await Task.never() }
        }
      }
      line.setValue(#line); await store.send(())
    } matching: { issue in
      issue.message.hasSuffix(
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

        If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
        make sure those effects are torn down by marking the effect ".cancellable" and returning a \
        corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
        effect is driven by a Combine subject, send it a completion.

        If you do not wish to assert on these effects, perform "await \
        store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """
      ) && issue.sourceLocation?.line == Int(line.value)
    }
  }

  @Test func sendingBeforeHandlingReceivedActionsFailsAndKeepsThemQueued() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .first: .send(.second)
        case .second: .none
        }
      }
    }
    await store.send(.first)
    await withKnownIssue {
      await store.send(.first)
    } matching: {
      $0.message.hasSuffix(
        """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """
      )
    }
    await store.receive(.second)
    await store.receive(.second)
  }

  @Test func receivingAnActionNoEffectSentFails() async {
    enum Action { case action }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, _ in .none }
    }
    await withKnownIssue {
      await store.receive(.action)
    } matching: {
      $0.message.hasSuffix(
        """
        Expected to receive the following action, but didn't:

          TestStoreFailureTests.Action.action
        """
      )
    }
  }

  @Test func receivingAnotherActionShowsADiffAndAssertsNoState() async {
    enum Action { case first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          state += 1
          return .none
        }
      }
    }
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.first)
    } matching: {
      $0.message.hasSuffix(
        """
        Received unexpected action:

            − TestStoreFailureTests.Action.first
            + TestStoreFailureTests.Action.second

        (Expected: −, Received: +)
        """
      )
    }
    #expect(store.state == 1)
  }

  /// Where TCA says only "Received unexpected action:", this store adds "before this one" when
  /// the action expected was received too, later: the test skipped one. A deliberate addition,
  /// listed in README's differences.
  @Test func receivingAnActionExpectedLaterSaysItCameBeforeThisOne() async {
    enum Action: Equatable { case start, first, second }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        action == .start ? .concatenate(.send(.first), .send(.second)) : .none
      }
    }
    await store.send(.start)
    await withKnownIssue {
      await store.receive(.second)
    } matching: {
      $0.message.hasPrefix("Received unexpected action before this one:")
    }
    await store.receive(.second)
  }

  @Test func anErrorThrownByTheClosureIsReported() async {
    struct SomeError: Error {}
    let store = TestStore(initialState: 0) {
      Reduce<Int, Void> { _, _ in .none }
    }
    await withKnownIssue {
      await store.send(()) { _ in throw SomeError() }
    } matching: { $0.message.hasSuffix("Threw error: SomeError()") }
  }

  @Test func aClosureSettingWhatIsAlreadyThereMustModify() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in
        action ? .send(false) : .none
      }
    }
    await store.send(true)
    await store.receive(false)
    await withKnownIssue {
      await store.send(true) { $0 = 0 }
    }
    await withKnownIssue {
      await store.receive(false) { $0 = 0 }
    }
  }

  // MARK: - Waiting and skipping

  @Test func receivingNothingInTimeFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await store.receive(\.increment)
    } matching: { issue in
      let message = issue.message
      return message.hasPrefix("Expected to receive an action, but received none after 1.0 seconds.")
        || message == "Expected to receive an action matching case path, but didn't get one."
    }
    await store.skipInFlightEffects()
  }

  @Test func finishFailsWhenEffectsOutliveTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: {
      $0.message.hasPrefix(
        """
        Expected effects to finish, but there are still effects in-flight after 0.05 seconds.

        There are effects in-flight.
        """
      )
    }
    await store.skipInFlightEffects()
  }

  @Test func skippingWithNothingToSkipFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { $0.message == "There were no received actions to skip." }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { $0.message == "There were no in-flight effects to skip." }
    await store.skipReceivedActions(strict: false)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func aTaskThatDoesNotFinishInTimeFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(20))
    } matching: { $0.message.hasPrefix("Expected task to finish, but it is still in-flight after 0.02 seconds.") }
    await task.cancel()
  }

  nonisolated static let unexpectedSecond = """
    The store received 1 unexpected action.

      Unhandled actions:
        .second

    To fix, explicitly assert against these actions using "store.receive", skip these actions \
    by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
    store: "store.exhaustivity = .off".
    """
}
