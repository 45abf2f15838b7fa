import ComposableCore

/// A feature with an optional child of the same shape via `ifLet`, as in the Composable
/// Architecture's store benchmarks. The nesting is spelled in the type (`Level<Level<Leaf>>`),
/// so every level's state is stored in place.
struct Level<Child: Reducer & Sendable>: Reducer, Sendable {
  struct State {
    var count = 0
    var child: Child.State?
  }

  @CasePathable
  enum Action {
    case child(Child.Action)
    case tap
  }

  let child: Child

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count &+= 1
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: \.child) { child }
  }
}

/// The innermost level: a counter.
struct Leaf: Reducer {
  struct State {
    var count = 0
  }

  @CasePathable
  enum Action {
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// One level above the leaf: the `Store.*` benchmarks.
typealias Nesting1 = Level<Leaf>
/// Ten levels: the `NestedStore.*` benchmarks.
typealias Nesting10 = Level<Level<Level<Level<Level<Level<Level<Level<Level<Level<Leaf>>>>>>>>>>

// NB: Free functions: inside an extension of `Level`, a bare `Level` means `Self`.

/// The reducer with one level above the leaf.
func makeNesting1() -> Nesting1 { Level(child: Leaf()) }

/// The state with one level above the leaf, every child present.
func makeNesting1State() -> Nesting1.State { Nesting1.State(child: Leaf.State()) }

/// The reducer with ten levels above the leaf.
func makeNesting10() -> Nesting10 {
  Level(child: Level(child: Level(child: Level(child: Level(child: Level(child: Level(
    child: Level(child: Level(child: Level(child: Leaf()))))))))))
}

/// The state with ten levels above the leaf, every child present.
func makeNesting10State() -> Nesting10.State {
  Nesting10.State(child: .init(child: .init(child: .init(child: .init(child: .init(child: .init(
    child: .init(child: .init(child: .init(child: Leaf.State()))))))))))
}
