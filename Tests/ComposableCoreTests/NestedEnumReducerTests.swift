import ComposableCore
import Testing

@Reducer private struct Leaf {}

@Reducer private enum Inner {
  case leaf(Leaf)
}

@Reducer private enum Outer {
  case inner(Inner.Body = Inner.body)
}

@Reducer private struct Holder {
  @ObservableState struct State {
    @Presents var destination: Outer.State?
  }
  enum Action {
    case destination(PresentationAction<Outer.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
  }
}

/// TCA's nested enum feature: an enum reducer whose case holds another enum reducer by its
/// `Body`, presented by a parent, compiles and is reached case by case.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct NestedEnumReducerTests {
  @Test func anEnumReducerHeldByItsBodyIsReachedCaseByCase() {
    let store = Store(initialState: Holder.State(destination: .inner(.leaf(Leaf.State())))) { Holder() }
    let outer: StoreOf<Outer>? = store.scope(\.destination, action: \.destination.presented)
    guard case .inner(let inner)? = outer?.case, case .leaf = inner.case else {
      Issue.record("expected the leaf of the inner case")
      return
    }
    store.send(.destination(.dismiss))
    #expect(store.destination == nil)
  }
}
