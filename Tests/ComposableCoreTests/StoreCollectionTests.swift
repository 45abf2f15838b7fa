import ComposableCore
import Testing

/// `store.scope(state: \.rows, action: \.rows)` over an identified array: a store per element,
/// the same one while the element exists, observed per element; the collection follows
/// insertions and removals; an element's actions reach the parent by id.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreCollectionTests {
  @Reducer
  struct Row {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  struct List {
    @ObservableState
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
    }
    enum Action {
      case add(Int)
      case remove(Int)
      case rows(IdentifiedActionOf<Row>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .add(let id): state.rows.append(Row.State(id: id))
        case .remove(let id): state.rows.remove(id: id)
        case .rows: break
        }
        return .none
      }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) { List() }

  @Test func eachElementHasItsOwnStoreWhoseActionsReachTheParentByID() {
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    #expect(rows.map(\.id) == [1, 2])
    rows[1].send(.increment)
    #expect(store.rows.map(\.count) == [0, 1])
    #expect(rows[1].count == 1)
    #expect(rows[0].count == 0)
  }

  @Test func anElementKeepsItsStoreWhileItExists() {
    let first = Array(store.scope(state: \.rows, action: \.rows))
    store.send(.add(3))
    let second = Array(store.scope(state: \.rows, action: \.rows))
    #expect(second.map(\.id) == [1, 2, 3])
    #expect(first[0] === second[0])
    #expect(first[1] === second[1])
  }

  @Test func theCollectionFollowsInsertionsAndRemovals() {
    let observed = Observed { _ = store.scope(state: \.rows, action: \.rows).count }
    store.send(.add(3))
    #expect(observed.changes == 1)
    #expect(store.scope(state: \.rows, action: \.rows).map(\.id) == [1, 2, 3])
    observed.rearm()
    store.send(.remove(1))
    #expect(observed.changes == 2)
    #expect(store.scope(state: \.rows, action: \.rows).map(\.id) == [2, 3])
  }

  @Test func anElementIsObservedAlone() {
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    let first = Observed { _ = rows[0].count }
    rows[1].send(.increment)
    #expect(first.changes == 0)
    rows[0].send(.increment)
    #expect(first.changes == 1)
  }
}
