import ComposableCore

/// A parent with a child, a counter and a text, its state observable, for the observation
/// tests: what a view reads is announced when it changes, and nothing else is.
@Reducer
struct Observing {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var text = ""
    var child = Child.State()
  }

  enum Action {
    case child(Child.Action)
    case incrementLater
    case incremented
    case replaceChild
    case textChanged(String)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .incrementLater:
        return .run { send in await send(.incremented) }
      case .incremented:
        state.count += 1
        return .none
      case .replaceChild:
        state.child = Child.State(value: state.child.value)
        return .none
      case .textChanged(let text):
        state.text = text
        return .none
      }
    }
  }

  @Reducer
  struct Child {
    @ObservableState
    struct State: Equatable {
      var value = 0
      var note = ""
    }

    enum Action {
      case noteChanged(String)
      case valueChanged(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .noteChanged(let note):
          state.note = note
        case .valueChanged(let value):
          state.value = value
        }
        return .none
      }
    }
  }
}
