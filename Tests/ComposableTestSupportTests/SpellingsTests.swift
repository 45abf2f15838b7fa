import ComposableTestSupport
import Foundation
import Testing

/// The spellings of TCA 1.25 a feature brought over uses: `Scope(_:action:)`,
/// `store.scope(_:action:)`, `onChange(of:removeDuplicates:_:)`, a type-erased reducer in a
/// builder, chained dependency overrides, `EffectOf` and `TestStoreOf`.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SpellingsTests {
  @Reducer
  struct Child {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  struct Parent {
    struct State: Equatable {
      var child = Child.State()
      var changes = 0
      var parity = 0
    }
    enum Action: Equatable { case child(Child.Action) }
    var body: some ReducerOf<Self> {
      Scope(\.child, action: \.child) { Child() }
        .onChange(of: \.child.count, removeDuplicates: { $0 % 2 == $1 % 2 }) { _, newValue in
          Reduce { state, _ in
            state.changes += 1
            state.parity = newValue % 2
            return .none
          }
        }
    }
  }

  @Test func scopeWithoutItsLabelAndOnChangeWithADuplicateRule() async {
    let store: TestStoreOf<Parent> = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.child(.increment)) {
      $0.child.count = 1
      $0.changes = 1
      $0.parity = 1
    }
    await store.send(.child(.increment)) {
      $0.child.count = 2
      $0.changes = 2
      $0.parity = 0
    }
  }

  @Test func onChangeSkipsWhatTheRuleCallsADuplicate() async {
    let store = TestStore(initialState: Parent.State(child: Child.State(count: 1))) {
      Reduce<Parent.State, Parent.Action> { state, _ in
        state.child.count += 1
        return .none
      }
      .onChange(of: \.child.count, removeDuplicates: { _, _ in true }) { _, _ in
        Reduce { state, _ in
          state.changes += 1
          return .none
        }
      }
    }
    await store.send(.child(.increment)) { $0.child.count = 2 }
  }

  @Test func aStoreScopesWithoutTheStateLabelToTheSameChild() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(\.child, action: \.child)
    #expect(child === store.scope(state: \.child, action: \.child))
    child.send(.increment)
    #expect(store.state.child.count == 1)
  }

  @Test func aTypeErasedReducerInABuilder() async {
    let store = TestStore(initialState: Child.State()) {
      CombineReducers {
        Child()
        Child() as any ReducerOf<Child>
      }
    }
    await store.send(.increment) { $0.count = 2 }
  }

  @Test func chainedOverridesAreOneReducerAndTheFirstWins() async {
    struct Probe: Reducer {
      struct State: Equatable { var seen = "" }
      typealias Action = Void
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      func reduce(into state: inout State, action: Void) -> EffectOf<Self> {
        state.seen = "\(locale.identifier) \(timeZone.identifier)"
        return .none
      }
    }
    let chained: _DependencyKeyWritingReducer<Probe> = Probe()
      .dependency(\.locale, Locale(identifier: "fr_FR"))
      .dependency(\.locale, Locale(identifier: "en_US"))
      .dependency(\.timeZone, TimeZone(identifier: "Europe/Paris")!)
    let store = TestStore(initialState: Probe.State()) { chained }
    await store.send(()) { $0.seen = "fr_FR Europe/Paris" }
  }
}
