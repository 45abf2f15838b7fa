import ComposableTestSupport
import Testing

/// Receiving in a non-exhaustive test, after the Composable Architecture's
/// `TestStoreNonExhaustiveTests`: an action received with part of its change asserted, the
/// actions before a match skipped, by value, by case path or by predicate, and what fails when
/// the action never comes or is asked for once more than it came.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestStoreNonExhaustiveReceiveTests {
  @Test func receivingAssertsPartOfTheChange() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    #expect(store.state == TwoResponses.State(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) { $0.int = 42 }
    #expect(store.state == TwoResponses.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) { $0.string = "Hello" }
    #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func receivingSkipsTheActionsBeforeTheMatch() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))
  }

  @Test func sendingAgainWithActionsNotReceivedIsFine() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.send(.onAppear)
  }

  @Test func sendingMovesStateOnPastTheActionsNotReceived() async {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  @Test func aPartialAssertionAfterSkippedSteps() async {
    let clock = TestClock()
    enum Action {
      case buttonTapped
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.buttonTapped)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) { $0 = 43 }
    await clock.advance(by: .milliseconds(500))
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    #expect(store.state == 1729)
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func receivingByCasePath(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = exhaustivity
    await store.send(.onAppear)
    await store.receive(\.response1) { $0.int = 42 }
    await store.receive(\.response2) { $0.string = "Hello" }
  }

  @Test func receivingByCasePathExhaustively() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  @Test func receivingANonEquatableActionByCasePathOrPredicate() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, NonEquatableAction> { _, action in
        switch action {
        case .tap: .send(.response(NonEquatable()))
        case .response: .none
        }
      }
    }
    await store.send(.tap)
    await store.receive(\.response)
    await store.send(.tap)
    await store.receive { if case .response = $0 { true } else { false } }
  }

  @Test func receivingByCasePathSkipsTheActionsBeforeTheMatch() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(\.response2) { $0.string = "Hello" }
  }

  @Test func receivingACaseNeverSentFails() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await withKnownIssue {
      await store.receive(\.onAppear)
    } matching: {
      $0.message.hasSuffix("Expected to receive an action matching case path, but didn't get one.")
    }
    await store.receive(\.response1)
    await store.receive(\.response2)
  }

  @Test func receivingACaseOnceMoreThanSentFails() async {
    let store = TestStore(initialState: TwoResponses.State()) { TwoResponses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(\.response2)
    await withKnownIssue {
      await store.receive(\.response2)
    } matching: {
      $0.message.hasSuffix("Expected to receive an action matching case path, but didn't get one.")
    }
  }

  @Test func receivingWaitsPastActionsThatDoNotMatch() async {
    enum Action: Equatable { case tap, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap:
          .run { send in
            await Task.yield()
            await send(.response1)
            await Task.yield()
            await send(.response2)
          }
        case .response1, .response2:
          .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    await store.receive(.response2, timeout: .seconds(1))
  }

  @Test func receivingWhatNeverComesAmongOtherActionsFails() async {
    enum Action: Equatable { case tap, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap:
          .run { send in
            await Task.yield()
            await send(.response1)
            await Task.yield()
            await send(.response1)
          }
        case .response1, .response2:
          .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    await withKnownIssue {
      await store.receive(.response2, timeout: .seconds(1))
    } matching: { issue in
      let message = issue.message
      return message.contains("Expected to receive a matching action, but received none after 1.0 seconds.")
        || (message.contains("Expected to receive the following action, but didn't")
          && message.contains("Action.response2"))
    }
  }

  @Test func receivingTheSameActionTwice() async {
    enum Action: Equatable { case tap, response1, response2 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .tap:
          .run { send in
            await Task.yield()
            await send(.response2)
            await Task.yield()
            await send(.response2)
          }
        case .response1, .response2:
          .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    await store.receive(.response2, timeout: .seconds(1))
    await store.receive(.response2, timeout: .seconds(1))
  }
}

private struct NonEquatable {}

@CasePathable
private enum NonEquatableAction {
  case tap
  case response(NonEquatable)
}
