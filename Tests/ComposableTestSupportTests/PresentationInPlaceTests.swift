import ComposableTestSupport
import Testing

/// A presentation changed in place — through a mutating method or an `inout` argument, which
/// reach the presented state through its `_modify` rather than its setter — is seen by
/// `ifLet` as a change made by assignment is: a child presented in place receives its
/// actions, and a child dismissed in place has its effects cancelled. The presentation keeps
/// whether it presents anything at every write, so both ways of writing must keep it.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationInPlaceTests {
  /// Counts, and starts work that never ends until it is cancelled.
  @Reducer
  struct Child {
    // NB: Neither `Identifiable` nor an enum: its identity is its type alone, and whether it
    //     is presented is all `ifLet` compares.
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case hang
      case tap
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .hang:
          return .run { _ in try await Task.never() }
        case .tap:
          state.count += 1
          return .none
        }
      }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      @Presents var child: Child.State?
    }
    enum Action: Equatable {
      case child(PresentationAction<Child.Action>)
      case dismissInPlace
      case presentInPlace
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .dismissInPlace:
          _ = state.child.take()
          return .none
        case .presentInPlace:
          present(&state.child)
          return .none
        }
      }
      .ifLet(\.$child, action: \.child) { Child() }
    }

    /// Presents a child through an `inout` argument.
    func present(_ child: inout Child.State?) {
      child = Child.State()
    }
  }

  @Test func aChildPresentedInPlaceReceivesItsActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentInPlace) { $0.child = Child.State() }
    await store.send(\.child.tap) { $0.child?.count = 1 }
  }

  @Test func aChildDismissedInPlaceHasItsEffectsCancelled() async {
    let store = TestStore(initialState: Parent.State(child: Child.State())) { Parent() }
    await store.send(\.child.hang)
    await store.send(.dismissInPlace) { $0.child = nil }
  }

  @Test func aChildPresentedAgainInPlaceAfterADismissalInPlaceRunsAgain() async {
    let store = TestStore(initialState: Parent.State(child: Child.State())) { Parent() }
    await store.send(\.child.tap) { $0.child?.count = 1 }
    await store.send(.dismissInPlace) { $0.child = nil }
    await store.send(.presentInPlace) { $0.child = Child.State() }
    await store.send(\.child.hang)
    await store.send(.dismissInPlace) { $0.child = nil }
  }
}
