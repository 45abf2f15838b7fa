import Clocks
import ComposableTestSupport
import Testing

/// The Composable Architecture's `IfCaseLetReducerTests`, ported: a child reducer run on one
/// case of an enum state, the issue for an action of another case (TCA's words), and the
/// cancellation of the child's effects when the case or the child's identity changes. TCA's
/// `mainQueue` scheduler is a `TestClock` here.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct IfCaseLetReducerTests {
  struct SomeError: Error, Equatable {}

  @Test func childAction() async {
    let store = TestStore(initialState: Result<Int, SomeError>.success(0)) {
      Reduce<Result<Int, SomeError>, Result<Int, SomeError>> { _, _ in .none }
        .ifCaseLet(\.success, action: \.success) {
          Reduce { state, action in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
        }
    }

    await store.send(.success(1)) {
      $0 = .success(1)
    }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) {
      $0 = .success(-1)
    }
    await store.receive(.success(0)) {
      $0 = .success(0)
    }
  }

  @Test func nilChild() async {
    let line = #line + 3
    let store = TestStore(initialState: Result<Int, SomeError>.failure(SomeError())) {
      EmptyReducer<Result<Int, SomeError>, Result<Int, SomeError>>()
        .ifCaseLet(\.success, action: \.success) {}
    }

    await withKnownIssue {
      await store.send(.success(1))
    } matching: { issue in
      issue.message.hasSuffix(
        """
        An "ifCaseLet" at "\(#fileID):\(line)" received a child action when child state was \
        set to a different case.

          Action:
            Result.success(1)
          State:
            Result.failure(IfCaseLetReducerTests.SomeError())

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "Result" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
      )
    }
  }

  @Reducer
  struct TimerChild {
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case timerButtonTapped
      case timerTick
    }
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .timerButtonTapped:
          return .run { send in
            for await _ in self.clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
        case .timerTick:
          state.count += 1
          return .none
        }
      }
    }
  }

  @Reducer
  struct Siblings {
    @CasePathable
    enum State: Equatable {
      case child1(TimerChild.State)
      case child2(TimerChild.State)
    }
    enum Action: Equatable {
      case child1(TimerChild.Action)
      case child1ButtonTapped
      case child2(TimerChild.Action)
      case child2ButtonTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child1, .child2:
          return .none
        case .child1ButtonTapped:
          state = .child1(TimerChild.State())
          return .none
        case .child2ButtonTapped:
          state = .child2(TimerChild.State())
          return .none
        }
      }
      .ifCaseLet(\.child1, action: \.child1) { TimerChild() }
      .ifCaseLet(\.child2, action: \.child2) { TimerChild() }
    }
  }

  @Test func effectCancellationSiblings() async {
    let clock = TestClock()
    let store = TestStore(initialState: Siblings.State.child1(TimerChild.State())) {
      Siblings()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) {
      $0.modify(\.child1) { $0.count = 1 }
    }
    await store.send(.child2ButtonTapped) {
      $0 = .child2(TimerChild.State())
    }
  }

  @Reducer
  struct IdentifiedChild {
    struct State: Equatable, Identifiable {
      let id: Int
      var value = 0
    }
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .tap:
          return .run { [id = state.id] send in
            try await clock.sleep(for: .seconds(0))
            await send(.response(id))
          }
        case .response(let value):
          state.value = value
          return .none
        }
      }
    }
  }

  @Reducer
  struct IdentifiableFeature {
    @CasePathable
    enum State: Equatable {
      case child(IdentifiedChild.State)
    }
    enum Action: Equatable {
      case child(IdentifiedChild.Action)
      case newChild
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .newChild:
          guard case .child(let childState) = state else { return .none }
          state = .child(IdentifiedChild.State(id: childState.id + 1))
          return .none
        }
      }
      .ifCaseLet(\.child, action: \.child) { IdentifiedChild() }
    }
  }

  @Test func identifiableChild() async {
    let clock = TestClock()
    let store = TestStore(initialState: IdentifiableFeature.State.child(IdentifiedChild.State(id: 1))) {
      IdentifiableFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.child(.tap))
    await store.send(.newChild) {
      $0 = .child(IdentifiedChild.State(id: 2))
    }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) {
      $0 = .child(IdentifiedChild.State(id: 2, value: 2))
    }
  }
}
