import ComposableTestSupport
import Foundation
import Testing

/// The shapes in which TCA's documentation, examples and tests call `TestStore`, `Store` and the
/// reducer builders, one test per shape: each must compile unchanged and run. A signature that
/// drifts from TCA's breaks one of these at compile time.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CallSiteShapeTests {
  @CasePathable
  enum NumbersAction: Equatable {
    case tap(Int)
    case response(Int)
  }

  /// A helper typed by its result, with a literal initial state and an explicit
  /// `Reduce<State, Action>`, as a test suite writes a store for several cases.
  static func numbersStore(_ effects: [Effect<NumbersAction>]) -> TestStore<[Int], NumbersAction> {
    TestStore(initialState: []) {
      Reduce<[Int], NumbersAction> { state, action in
        switch action {
        case .tap(let index):
          return effects[index]
        case .response(let value):
          state.append(value)
          return .none
        }
      }
    }
  }

  @Test func aResultTypedHelperWithALiteralArrayState() async {
    let store = Self.numbersStore([.send(.response(1)), .none])
    await store.send(.tap(0))
    await store.receive(.response(1)) { $0 = [1] }
    await store.send(.tap(1))
  }

  @Test func aLiteralIntegerStateWithAnExplicitReduce() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, increments in
        state += increments ? 1 : -1
        return .none
      }
    }
    await store.send(true) { $0 = 1 }
    await store.send(false) { $0 = 0 }
  }

  @Test func aLiteralStringState() async {
    let store = TestStore(initialState: "") {
      Reduce<String, String> { state, text in
        state += text
        return .none
      }
    }
    await store.send("Blob") { $0 = "Blob" }
  }

  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable {
      var count = 0
      var id: UUID?
    }
    enum Action: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
      case stamp
    }
    @Dependency(\.uuid) var uuid
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .decrementButtonTapped:
          state.count -= 1
        case .incrementButtonTapped:
          state.count += 1
        case .stamp:
          state.id = uuid()
        }
        return .none
      }
    }
  }

  @Test func initWithTheFeaturesStateAndReducer() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
  }

  @Test func initWithDotInitAndTrailingDependencies() async {
    let store = TestStore(initialState: .init()) {
      Counter()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.stamp) { $0.id = UUID(0) }
  }

  @Test func testStoreOfWithDotInit() async {
    let store = TestStoreOf<Counter>(initialState: .init(count: 41)) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 42 }
  }

  @Test func theInitialStateIsMadeWithTheTestsDependencies() async {
    let store = TestStore(
      initialState: Counter.State(id: DependencyValues._current.uuid())
    ) {
      Counter()
    } withDependencies: {
      $0.uuid = .constant(UUID(7))
    }
    #expect(store.state.id == UUID(7))
  }

  @Test func severalReducersComposedWithCombineReducers() async {
    let store = TestStore(initialState: 0) {
      CombineReducers {
        Reduce<Int, Void> { state, _ in
          state += 1
          return .none
        }
        Reduce<Int, Void> { state, _ in
          state *= 10
          return .none
        }
      }
    }
    await store.send(()) { $0 = 10 }
  }

  @Test func aReducerModifiedInTheClosure() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
        .dependency(\.uuid, .constant(UUID(3)))
    }
    await store.send(.stamp) { $0.id = UUID(3) }
  }

  /// A reducer made by a `@ReducerBuilder` function returning `some Reducer<State, Action>`.
  @ReducerBuilder<Int, Int>
  static func adding(twice: Bool) -> some Reducer<Int, Int> {
    Reduce { state, amount in
      state += amount
      return .none
    }
    if twice {
      Reduce { state, amount in
        state += amount
        return .none
      }
    }
  }

  @Test func aBuilderFunctionsReducer() async {
    let store = TestStore(initialState: 0) { Self.adding(twice: true) }
    await store.send(2) { $0 = 4 }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      var counter = Counter.State()
      @Presents var child: Counter.State?
      var rows: IdentifiedArrayOf<Row> = []
    }
    struct Row: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action: Equatable {
      case child(PresentationAction<Counter.Action>)
      case counter(Counter.Action)
      case present
      case rows(IdentifiedActionOf<RowFeature>)
    }
    @Reducer
    struct RowFeature {
      typealias State = Row
      enum Action: Equatable { case tap }
      var body: some ReducerOf<Self> {
        Reduce { state, _ in
          state.count += 1
          return .none
        }
      }
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Reduce { state, action in
        if case .present = action { state.child = Counter.State() }
        return .none
      }
      .ifLet(\.$child, action: \.child) { Counter() }
      .forEach(\.rows, action: \.rows) { RowFeature() }
    }
  }

  @Test func scopeIfLetAndForEachInAFeaturesBody() async {
    let store = TestStore(initialState: Parent.State(rows: [.init(id: 1)])) { Parent() }
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.send(.present) { $0.child = Counter.State() }
    await store.send(.child(.presented(.incrementButtonTapped))) { $0.child?.count = 1 }
    await store.send(.rows(.element(id: 1, action: .tap))) { $0.rows[id: 1]?.count = 1 }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func aScopeToAnEnumCaseAsTheWholeClosure() async {
    let store = TestStoreOf<ScopeChild2>(initialState: ScopeChild2.State.name("")) {
      Scope(state: \.name, action: \.name) {
        Reduce { state, action in
          state = action
          return .none
        }
      }
    }
    await store.send(.name("Blob")) { $0 = .name("Blob") }
  }

  @Test func receivingByCaseKeyPathAndByValue() async {
    let store = Self.numbersStore([.merge(.send(.response(1)), .send(.response(2)))])
    await store.send(.tap(0))
    await store.receive(\.response) { $0 = [1] }
    await store.receive(.response(2)) { $0 = [1, 2] }
  }

  @Test func aStoreWithALiteralStateAndAnExplicitReduce() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, amount in
        state += amount
        return .none
      }
    }
    store.send(5)
    #expect(store.withState { $0 } == 5)
  }

  @Test func aStoreOfAFeatureWithDotInitAndTrailingDependencies() {
    let store = StoreOf<Counter>(initialState: .init()) {
      Counter()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.stamp)
    store.send(.stamp)
    #expect(store.id == UUID(1))
  }
}
