import ComposableTestSupport
import Testing

/// `dependency(_:_:)` and `transformDependency(_:transform:)` as TCA's
/// `DependencyKeyWritingReducerTests` pin them: chained overrides fuse into one reducer of the
/// base's type, the one written closest to the reducer wins (fused or nested), and an effect's
/// effect still sees the override.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DependencyOverrideTests {
  @Reducer
  struct Reading {
    @Dependency(\.overrideTestsValue) var value
    struct State: Equatable { var value = 0 }
    enum Action { case tap }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.value = value
        return .none
      }
    }
  }

  @Test func chainedOverridesFuseIntoOneReducer() {
    // NB: The types are the check that they fuse: nested, each would be a reducer of the last.
    let written: _DependencyKeyWritingReducer<Reading> = Reading()
      .dependency(\.overrideTestsValue, 42)
      .dependency(\.overrideTestsValue, 1729)
      .dependency(\.overrideTestsValue, 1)
    let transformed: _DependencyKeyWritingReducer<Reading> = Reading()
      .transformDependency(\.overrideTestsValue) { $0 = 42 }
      .transformDependency(\.overrideTestsValue) { $0 = 1729 }
    var state = Reading.State()
    _ = written.reduce(into: &state, action: .tap)
    #expect(state.value == 42)
    _ = transformed.reduce(into: &state, action: .tap)
    #expect(state.value == 42)
  }

  @Test func theOverrideClosestToTheReducerWinsWhenFused() async {
    let written = TestStore(initialState: Reading.State()) {
      Reading()
        .dependency(\.overrideTestsValue, 42)
        .dependency(\.overrideTestsValue, 1729)
    }
    await written.send(.tap) { $0.value = 42 }

    let transformed = TestStore(initialState: Reading.State()) {
      Reading()
        .transformDependency(\.overrideTestsValue) { $0 = 42 }
        .transformDependency(\.overrideTestsValue) { $0 = 1729 }
    }
    await transformed.send(.tap) { $0.value = 42 }
  }

  @Test func theOverrideClosestToTheReducerWinsWhenNested() async {
    let written = TestStore(initialState: Reading.State()) {
      CombineReducers {
        Reading()
          .dependency(\.overrideTestsValue, 42)
      }
      .dependency(\.overrideTestsValue, 1729)
    }
    await written.send(.tap) { $0.value = 42 }

    let transformed = TestStore(initialState: Reading.State()) {
      CombineReducers {
        Reading()
          .transformDependency(\.overrideTestsValue) { $0 = 42 }
      }
      .transformDependency(\.overrideTestsValue) { $0 = 1729 }
    }
    await transformed.send(.tap) { $0.value = 42 }
  }

  @Reducer
  struct Relay {
    @Dependency(\.overrideTestsValue) var value
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case tap
      case response(Int)
      case otherResponse(Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tap:
          state.count += 1
          return .run { [value] send in await send(.response(value)) }
        case .response(let value):
          state.count = value
          return .run { send in await send(.otherResponse(self.value)) }
        case .otherResponse(let value):
          state.count = value
          return .none
        }
      }
    }
  }

  @Test func anEffectOfAnEffectSeesTheOverride() async {
    let store = TestStore(initialState: Relay.State()) {
      Relay()
        .dependency(\.overrideTestsValue, 42)
    }
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(42)) { $0.count = 42 }
    await store.receive(.otherResponse(42))
  }
}

private enum OverrideTestsValue: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var overrideTestsValue: Int {
    get { self[OverrideTestsValue.self] }
    set { self[OverrideTestsValue.self] = newValue }
  }
}
