import ComposableCore

/// The feature of the Composable Architecture's current store benchmarks, as a TCA user writes
/// it today: `@Reducer`, `@ObservableState`, a child of its own kind behind `@Presents`, and
/// `ifLet(\.$child, action: \.child)`. Its paths into state reach the accessors the macros
/// generate; `Feature` beside it reaches its hand-written `child` through key paths.
@Reducer
struct PresentedLevel {
  @ObservableState
  struct State {
    var count = 0
    @Presents var child: PresentedLevel.State?

    /// A level nested `depth` levels deep: every level has its child, down to the last.
    init(depth: Int) {
      if depth > 0 { child = State(depth: depth - 1) }
    }
  }

  enum Action {
    indirect case child(PresentationAction<PresentedLevel.Action>)
    case tap
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .tap:
        state.count &+= 1
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      PresentedLevel()
    }
  }
}
