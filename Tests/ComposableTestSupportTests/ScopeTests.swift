import ComposableTestSupport
import Testing

/// The Composable Architecture's `ScopeTests`, ported: `Scope` into a struct child and into an
/// enum child, and the issue a `Scope` reports for an action of a case the state is not in.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ScopeTests {
  @Test func structChild() async {
    let store = TestStore(initialState: ScopeFeature.State()) { ScopeFeature() }

    await store.send(.child1(.incrementButtonTapped)) {
      $0.child1.count = 1
    }
    await store.send(.child1(.decrementButtonTapped)) {
      $0.child1.count = 0
    }
    await store.send(.child1(.decrementButtonTapped)) {
      $0.child1.count = -1
    }
    await store.receive(.child1(.incrementButtonTapped)) {
      $0.child1.count = 0
    }
  }

  @Test func enumChild() async {
    let store = TestStore(initialState: ScopeFeature.State()) { ScopeFeature() }

    await store.send(.child2(.count(1))) {
      $0.child2 = .count(1)
    }
    await store.send(.child2(.count(-1))) {
      $0.child2 = .count(-1)
    }
    await store.receive(.child2(.count(0))) {
      $0.child2 = .count(0)
    }
  }

  @Test func nilChild() async {
    let line = #line + 2
    let store = TestStoreOf<ScopeChild2>(initialState: ScopeChild2.State.count(0)) {
      Scope(state: \.name, action: \.name) {}
    }

    await withKnownIssue {
      await store.send(.name("Blob"))
    } matching: { issue in
      issue.message.hasSuffix(
        """
        A "Scope" at "\(#fileID):\(line)" received a child action when child state \
        was set to a different case.

          Action:
            ScopeChild2.Action.name
          State:
            ScopeChild2.State.count

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "ScopeChild2.State" to a different case before the scoped reducer ran. \
        Child reducers must run before any parent reducer sets child state to a different case. \
        This ensures that child reducers can handle their actions while their state is still \
        available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the \
        parent reducer that change its state to ensure the child reducer runs first.

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
}

@Reducer
struct ScopeFeature {
  struct State: Equatable {
    var child1 = ScopeChild1.State()
    var child2 = ScopeChild2.State.count(0)
  }
  enum Action: Equatable {
    case child1(ScopeChild1.Action)
    case child2(ScopeChild2.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(\.child1, action: \.child1) {
      ScopeChild1()
    }
    Scope(\.child2, action: \.child2) {
      ScopeChild2()
    }
  }
}

@Reducer
struct ScopeChild1 {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return state.count < 0
          ? .run { await $0(.incrementButtonTapped) }
          : .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

@Reducer
struct ScopeChild2 {
  enum State: Equatable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable {
    case count(Int)
    case name(String)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(\.count, action: \.count) {
        Reduce { state, action in
          state = action
          return state < 0
            ? .run { await $0(0) }
            : .none
        }
      }
      .ifCaseLet(\.name, action: \.name) {
        Reduce { state, action in
          state = action
          return state.isEmpty
            ? .run { await $0("Empty") }
            : .none
        }
      }
  }
}
