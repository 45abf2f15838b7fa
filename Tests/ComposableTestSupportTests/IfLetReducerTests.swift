@_spi(Internals) import CasePaths
import ComposableTestSupport
import Testing

/// `ifLet` on optional state, after the Composable Architecture's `IfLetReducerTests`: a child
/// action with no child, effects cancelled when the child goes or another child takes its place,
/// and alerts that dismiss themselves.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct IfLetReducerTests {
  @Test func aChildActionWithNoChildIsReported() async {
    let line = #line + 2
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>().ifLet(\.self, action: \.self) {}
    }
    await withKnownIssue {
      await store.send(())
    } matching: {
      $0.message.hasSuffix(
        """
        An "ifLet" at "\(#fileID):\(line)" received a child action when child state was "nil".

          Action:
            ()

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
        before any other reducer sets child state to "nil". This ensures that child reducers can \
        handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for this \
        reducer can only be sent from a store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """
      )
    }
  }

  @Reducer
  struct Timer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case timerButtonTapped, timerTick }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .timerButtonTapped:
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) {
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

  @Test func nilingTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerParent.State()) { TimerParent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.childButtonTapped) { $0.child = Timer.State() }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) { $0.child?.count = 1 }
    await store.receive(.child(.timerTick)) { $0.child?.count = 2 }
    await store.send(.childButtonTapped) { $0.child = nil }
  }

  @Test func nilingTheChildCancelsItsChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerHolderParent.State()) { TimerHolderParent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped) { $0.child = TimerHolder.State(grandchild: Timer.State()) }
    await store.send(.child(.grandchild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandchild(.timerTick))) { $0.child?.grandchild?.count = 1 }
    await store.send(.exitButtonTapped) { $0.child = nil }
  }

  @Test func anAlertIsDismissedByItsAction() async {
    let store = TestStore(initialState: AlertParent.State()) { AlertParent() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hi!") } }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @Test func anAlertReplacedByItsOwnActionStays() async {
    let store = TestStore(initialState: AgainAlertParent.State()) { AgainAlertParent() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hello") } }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @Test func anotherChildInItsPlaceCancelsTheFirstChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: IdentifiedChildParent.State(child: IdentifiedChild.State(id: 1))) {
      IdentifiedChildParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.tap))
    await store.send(.newChild) { $0.child = IdentifiedChild.State(id: 2) }
    await store.send(.child(.tap))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.response(2))) { $0.child = IdentifiedChild.State(id: 2, value: 2) }
  }

  // MARK: - Features

  @Reducer
  struct TimerParent {
    struct State: Equatable { var child: Timer.State? }
    enum Action: Equatable {
      case child(Timer.Action)
      case childButtonTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .childButtonTapped = action {
          state.child = state.child == nil ? Timer.State() : nil
        }
        return .none
      }
      .ifLet(\.child, action: \.child) { Timer() }
    }
  }

  @Reducer
  struct TimerHolder {
    struct State: Equatable { var grandchild: Timer.State? }
    enum Action: Equatable { case grandchild(Timer.Action) }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.grandchild, action: \.grandchild) { Timer() }
    }
  }

  @Reducer
  struct TimerHolderParent {
    struct State: Equatable { var child: TimerHolder.State? }
    enum Action: Equatable {
      case child(TimerHolder.Action)
      case exitButtonTapped
      case startButtonTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child: break
        case .exitButtonTapped: state.child = nil
        case .startButtonTapped: state.child = TimerHolder.State(grandchild: Timer.State())
        }
        return .none
      }
      .ifLet(\.child, action: \.child) { TimerHolder() }
    }
  }

  @Reducer
  struct AlertParent {
    struct State: Equatable { var alert: AlertState<Action.Alert>? }
    enum Action: Equatable {
      case alert(Alert)
      case tap
      @CasePathable enum Alert: Equatable { case ok }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .tap = action { state.alert = AlertState { TextState("Hi!") } }
        return .none
      }
      .ifLet(\.alert, action: \.alert)
    }
  }

  @Reducer
  struct AgainAlertParent {
    struct State: Equatable { var alert: AlertState<Action.Alert>? }
    enum Action: Equatable {
      case alert(Alert)
      case tap
      @CasePathable enum Alert: Equatable { case again, ok }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.ok):
          break
        case .alert(.again), .tap:
          state.alert = AlertState { TextState("Hello") }
        }
        return .none
      }
      .ifLet(\.alert, action: \.alert)
    }
  }

  @Reducer
  struct IdentifiedChild {
    struct State: Equatable, Identifiable {
      let id: Int
      var value = 0
    }
    enum Action: Equatable {
      case response(Int)
      case tap
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .response(let value):
          state.value = value
          return .none
        case .tap:
          return .run { [id = state.id, clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(id))
          }
        }
      }
    }
  }

  @Reducer
  struct IdentifiedChildParent {
    struct State: Equatable { var child: IdentifiedChild.State? }
    enum Action: Equatable {
      case child(IdentifiedChild.Action)
      case newChild
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .newChild = action, let child = state.child {
          state.child = IdentifiedChild.State(id: child.id + 1)
        }
        return .none
      }
      .ifLet(\.child, action: \.child) { IdentifiedChild() }
    }
  }

}
