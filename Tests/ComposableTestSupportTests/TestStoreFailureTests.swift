import ComposableTestSupport
import Testing

/// Every failure a test store reports, with the message a reader sees.
@MainActor
struct TestStoreFailureTests {
  @Test func aStateChangeThatDoesNotMatchShowsADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("A state change does not match expectation.")
        && text.contains("−   count: 2")
        && text.contains("+   count: 1")
        && text.contains("(Expected: −, Actual: +)")
    }
    #expect(store.state.count == 1)
  }

  @Test func anUnassertedChangeFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      String(describing: issue).contains("State was not expected to change, but a change occurred.")
    }
  }

  @Test func aClosureForAnActionThatChangesNothingFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { issue in
      String(describing: issue).contains("Expected state to change, but no change occurred.")
    }
  }

  @Test func anUnreceivedActionFailsAtTheEndOfTheTest() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementLater)
      await store.finish()
    } matching: { issue in
      String(describing: issue).contains("The store received 1 unexpected action by the end of this test: …")
    }
  }

  @Test func sendingWithUnhandledReceivedActionsFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementLater)
    await store.finish()
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      String(describing: issue).contains("Must handle 1 received action before sending an action: …")
    }
  }

  @Test func receivingNothingInTimeFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await store.receive(\.increment)
    } matching: { issue in
      String(describing: issue).contains("Expected to receive an action, but received none after 1.0 seconds.")
    }
    await store.skipInFlightEffects()
  }

  @Test func receivingWhenNoEffectCanDeliverFailsAtOnce() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.receive(\.increment)
    } matching: { issue in
      String(describing: issue).contains("Expected to receive an action, but received none.")
    }
  }

  @Test func receivingTheWrongActionShowsADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementLater)
    await withKnownIssue {
      await store.receive(.noop) { $0.count = 1 }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("Received unexpected action:")
        && text.contains("(Expected: −, Received: +)")
    }
  }

  @Test func anEffectStillRunningFailsAtTheEndOfTheTest() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.incrementAfterASecond)
    } matching: { issue in
      String(describing: issue).contains("An effect returned for this action is still running.")
        && issue.sourceLocation?.line == #line - 3
    }
  }

  @Test func finishFailsWhenEffectsOutliveTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementAfterASecond)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      String(describing: issue).contains("Expected effects to finish, but there are still effects in-flight after 0.05 seconds.")
    }
    await store.skipInFlightEffects()
  }

  @Test func skippingWithNothingToSkipFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { String(describing: $0).contains("There were no received actions to skip.") }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { String(describing: $0).contains("There were no in-flight effects to skip.") }
  }
}
