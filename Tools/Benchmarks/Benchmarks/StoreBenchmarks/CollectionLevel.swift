import ComposableCore

/// A parent of a hundred rows through `forEach` over an `IdentifiedArray`, and of a stack of
/// ten screens through `forEach` over a `StackState`: the collection operators, each send one
/// element's action.
@Reducer
struct CollectionLevel {
  @ObservableState
  struct State {
    var count = 0
    var path = StackState<Row.State>()
    var rows: IdentifiedArrayOf<Row.State> = []

    /// `rows` rows and `screens` screens on the stack.
    init(rows: Int, screens: Int) {
      self.rows = IdentifiedArray(uniqueElements: (0..<rows).map { Row.State(id: $0) })
      for id in 0..<screens { path.append(Row.State(id: id)) }
    }
  }

  enum Action {
    case path(StackActionOf<Row>)
    case rows(IdentifiedActionOf<Row>)
    case tap
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path, .rows:
        return .none
      case .tap:
        state.count &+= 1
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .forEach(\.path, action: \.path) { Row() }
  }
}

/// One element of ``CollectionLevel``: a counter.
@Reducer
struct Row {
  @ObservableState
  struct State: Identifiable {
    let id: Int
    var count = 0
  }

  enum Action { case tap }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count &+= 1
      return .none
    }
  }
}
