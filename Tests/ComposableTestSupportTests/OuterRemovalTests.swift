import ComposableTestSupport
import Testing

/// Children removed by a reducer other than the `ifLet` or `forEach` that runs them, after
/// TCA's `PresentationReducerTests` and `StackReducerTests` (`testOuterCancellation`): their
/// work ends whether the removal comes before that reducer or after it.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct OuterRemovalTests {
  /// A child whose appearance starts work that never ends.
  @Reducer
  struct Endless {
    struct State: Equatable {}
    enum Action: Equatable { case appeared }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .run { _ in try await Task.never() } }
    }
  }

  /// Presents an endless child, and removes it before its `ifLet` runs, or after.
  @Reducer
  struct Sheet {
    struct State: Equatable {
      @PresentationState var endless: Endless.State?
    }
    enum Action: Equatable {
      case endless(PresentationAction<Endless.Action>)
      case present
      case removeAfter
      case removeBefore
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeBefore = action { state.endless = nil }
        return .none
      }
      Reduce { state, action in
        if case .present = action { state.endless = Endless.State() }
        return .none
      }
      .ifLet(\.$endless, action: \.endless) { Endless() }
      Reduce { state, action in
        if case .removeAfter = action { state.endless = nil }
        return .none
      }
    }
  }

  @Test func removingAPresentedChildOutsideItsIfLetCancelsItsWork() async {
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await store.send(.present) { $0.endless = Endless.State() }
    await store.send(\.endless.appeared)
    await store.send(.removeBefore) { $0.endless = nil }

    await store.send(.present) { $0.endless = Endless.State() }
    await store.send(\.endless.appeared)
    await store.send(.removeAfter) { $0.endless = nil }
    // The `ifLet` learns of the removal with the next action that passes through it.
    await store.send(.removeAfter)
  }

  /// A stack of endless children, emptied before its `forEach` runs, or after.
  @Reducer
  struct Stack {
    struct State: Equatable {
      var path = StackState<Endless.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Endless>)
      case removeAfter
      case removeBefore
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeBefore = action { state.path.removeAll() }
        return .none
      }
      EmptyReducer()
        .forEach(\.path, action: \.path) { Endless() }
      Reduce { state, action in
        if case .removeAfter = action { state.path.removeAll() }
        return .none
      }
    }
  }

  @Test func removingScreensOutsideTheirForEachCancelsTheirWork() async {
    let store = TestStore(initialState: Stack.State()) { Stack() }
    await store.send(.path(.push(id: 0, state: Endless.State()))) { $0.path[id: 0] = Endless.State() }
    await store.send(\.path[id: 0].appeared)
    await store.send(.removeBefore) { $0.path.removeAll() }

    await store.send(.path(.push(id: 1, state: Endless.State()))) { $0.path[id: 1] = Endless.State() }
    await store.send(\.path[id: 1].appeared)
    await store.send(.removeAfter) { $0.path.removeAll() }
    // The `forEach` learns of the removal with the next action that passes through it.
    await store.send(.removeAfter)
  }
}
