import ComposableCore

/// A feature with an optional child of its own kind via `ifLet`, as in the Composable
/// Architecture's store benchmarks. The child lives in a copy-on-write box, as TCA's
/// `@Presents` keeps it.
struct Feature: Reducer {
  struct State {
    var count = 0
    private var storage = Storage()

    /// The child, if any.
    var child: State? {
      get { storage.value }
      set {
        if isKnownUniquelyReferenced(&storage) {
          storage.value = newValue
        } else {
          storage = Storage(newValue)
        }
      }
    }

    /// A feature nested `depth` levels deep: every level has its child, down to the last.
    init(depth: Int) {
      if depth > 0 { child = State(depth: depth - 1) }
    }
  }

  final class Storage {
    var value: State?
    init(_ value: State? = nil) { self.value = value }
  }

  @CasePathable
  indirect enum Action {
    case child(Action)
    case tap
  }

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
    .ifLet(\.child, action: \.child) { Feature() }
  }
}
