import ComposableTestSupport
import Testing

/// Non-exhaustive testing, after the Composable Architecture's `TestStoreNonExhaustiveTests`:
/// skipping received actions and in-flight effects, partial state assertions, and what
/// `.off(showSkippedAssertions: true)` shows. Receiving is `TestStoreNonExhaustiveReceiveTests`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestStoreNonExhaustiveTests {
  /// Adds one, then, for `true`, feeds `false` back.
  static func incrementTwice() -> Reduce<Int, Bool> {
    Reduce { state, action in
      state += 1
      return action ? .send(false) : .none
    }
  }

  // MARK: - Skipping received actions

  @Test func skipReceivedActionsNonStrict() async {
    let store = TestStore(initialState: 0) { Self.incrementTwice() }
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  @Test func skipReceivedActionsStrictWithNothingToSkipFails() async {
    let store = TestStore(initialState: 0) { Self.incrementTwice() }
    await store.send(true) { $0 = 1 }
    await store.receive(false) { $0 = 2 }
    await withKnownIssue {
      await store.skipReceivedActions(strict: true)
    } matching: { $0.message.hasSuffix("There were no received actions to skip.") }
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func skipReceivedActionsWhenNotExhaustive(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: 0) { Self.incrementTwice() }
    store.exhaustivity = exhaustivity
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
  }

  // MARK: - Skipping in-flight effects

  @Test(arguments: [Exhaustivity.on, .off, .off(showSkippedAssertions: true)])
  func skipInFlightEffectsNonStrict(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .run { _ in try await Task.never() } }
    }
    store.exhaustivity = exhaustivity
    await store.send(true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func skipInFlightEffectsStrictWithNothingToSkipFails() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .run { _ in } }
    }
    let task = await store.send(true)
    await task.finish(timeout: .seconds(1))
    await withKnownIssue {
      await store.skipInFlightEffects(strict: true)
    } matching: { $0.message.hasSuffix("There were no in-flight effects to skip.") }
  }

  // MARK: - What a non-exhaustive test may leave unasserted

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func receivedActionsNeedNotBeReceived(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, action in action ? .send(false) : .none }
    }
    store.exhaustivity = exhaustivity
    await store.send(true)
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func effectsNeedNotFinish(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .run { _ in try await Task.never() } }
    }
    store.exhaustivity = exhaustivity
    await store.send(true)
  }

  @Test func stateChangesNeedNotAllBeAsserted() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
      // NB: isEven = false is not asserted.
    }
    await store.send(.increment) {
      $0.isEven = true
      // NB: count = 2 is not asserted.
    }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
  }

  @Test func aWrongAssertionStillFailsAndShowsTheWholeState() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 0 }
    } matching: {
      $0.message.hasSuffix(
        """
        A state change does not match expectation.

            \u{2007} EvenCounter.State(
            −   count: 0,
            +   count: 1,
            \u{2007}   isEven: false
            \u{2007} )

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func offShowsNothingItSkipped() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off
    await store.send(.increment) { $0.count = 1 }
  }

  @Test func sendingSkipsTheActionsNotReceived() async {
    struct State: Equatable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action {
      case decrement
      case increment
      case loggedInResponse(Bool)
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .decrement:
          state.count -= 1
          return .none
        case .increment:
          state.count += 1
          return .send(.loggedInResponse(true))
        case .loggedInResponse(let response):
          state.isLoggedIn = response
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) { $0.count = 1 }
    // NB: .loggedInResponse(true) is not received.
    await store.send(.decrement) {
      $0.count = 0
      // NB: isLoggedIn = true is not asserted.
    }
    #expect(store.state == State(count: 0, isLoggedIn: true))
  }

  @Test func aWrongAssertionOnAReceivedActionStillFails() async {
    struct State: Equatable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable {
      case increment
      case loggedInResponse(Bool)
    }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .send(.loggedInResponse(true))
        case .loggedInResponse(let response):
          state.isLoggedIn = response
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(.loggedInResponse(true)) {
        $0.count = 2
        $0.isLoggedIn = true
      }
    } matching: {
      $0.message.hasSuffix(
        """
        A state change does not match expectation.

            \u{2007} TestStoreNonExhaustiveTests.State(
            −   count: 2,
            +   count: 1,
            \u{2007}   isLoggedIn: true
            \u{2007} )

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func onlyTheLastOfSeveralSendsIsAsserted() async {
    let store = TestStore(initialState: EvenCounter.State()) { EvenCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == EvenCounter.State(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == EvenCounter.State(count: 3, isEven: false))
  }

  // MARK: - Assertions that change nothing

  @Test func aClosureThatChangesNothingIsOnlyAnExpectedIssueWhenShowingSkipped() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Void> { _, _ in .none }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(()) { $0 = 0 }
    store.assert { $0 = 0 }
  }

  @available(*, deprecated)
  @Test func xctModifyMustModifyInAnExhaustiveTest() async {
    struct State: Equatable {
      var child: Int? = 0
      var count = 0
    }
    enum Action: Equatable { case tap, response }
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        state.count += 1
        return action == .tap ? .send(.response) : .none
      }
    }
    await withKnownIssue {
      await store.send(.tap) { state in
        state.count = 1
        XCTModify(&state.child) { _ in }
      }
    } matching: {
      $0.message.hasSuffix(#"Expected "Int" value to be modified but it was unchanged."#)
    }
    await withKnownIssue {
      await store.receive(.response) { state in
        state.count = 2
        XCTModify(&state.child) { _ in }
      }
    } matching: {
      $0.message.hasSuffix(#"Expected "Int" value to be modified but it was unchanged."#)
    }
  }

  @available(*, deprecated)
  @Test func xctModifyNeedNotModifyInANonExhaustiveTest() async {
    enum Action { case tap, response }
    let store = TestStore(initialState: Optional(1)) {
      Reduce<Int?, Action> { _, action in
        switch action {
        case .tap: .send(.response)
        case .response: .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap) { XCTModify(&$0) { _ in } }
    await store.receive(.response) { XCTModify(&$0) { _ in } }
  }

  // MARK: - Examples

  @Test func assertingOneFieldOfTwoChanged() async {
    let store = TestStore(initialState: Person.State()) { Person() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Grace", surname: "Ignored")) {
      $0.name = "Grace"
    }
  }

  @Test func assertingOnlyTheLastOfSeveralChanges() async {
    let store = TestStore(initialState: Person.State()) { Person() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Alan", surname: "Turing"))
    await store.send(.changeIdentity(name: "Edsger", surname: "Dijkstra"))
    await store.send(.changeIdentity(name: "Barbara", surname: "Liskov")) {
      $0.name = "Barbara"
      $0.surname = "Liskov"
    }
  }

  @Test func receivingOneOfTwoConcurrentActions() async {
    let clock = TestClock()
    let store = TestStore(initialState: Person.State()) { Person() } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.advanceAgeAndMoodAfterDelay)
    await clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) { $0.age = 34 }
    #expect(store.state.age == 34)
  }
}
