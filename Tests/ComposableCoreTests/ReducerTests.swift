import ComposableCore
import Testing

@MainActor
struct ReducerTests {
  @Test func builderRunsReducersInOrderWithControlFlow() {
    let store = Store(initialState: Builder.State()) { Builder(flag: true, count: 2) }
    store.send(.go)
    #expect(store.state.log == ["first", "if", "loop 0", "loop 1", "optional", "last"])

    let other = Store(initialState: Builder.State()) { Builder(flag: false, count: 0) }
    other.send(.go)
    #expect(other.state.log == ["first", "else", "last"])
  }

  @Test func onChangeRunsOnlyWhenTheValueChanges() {
    let store = Store(initialState: Logger.State()) {
      Logger()
        .onChange(of: \.total) { oldValue, newValue in
          Reduce { state, _ in
            state.log.append("\(oldValue)→\(newValue)")
            return .none
          }
        }
    }
    store.send(.add(0))
    store.send(.add(2))
    store.send(.add(3))
    #expect(store.state.log == ["0→2", "2→5"])
  }

  @Test func scopeToAnEnumCaseRunsTheChildInThatCase() {
    let store = Store(initialState: Screen.State.list(Logger.State())) { Screen() }
    store.send(.list(.add(4)))
    #expect(store.state == .list(Logger.State(total: 4)))
  }

  @Test func scopeToAnotherCaseIsReported() {
    let store = Store(initialState: Screen.State.empty) { Screen() }
    withKnownIssue {
      store.send(.list(.add(4)))
    } matching: { issue in
      String(describing: issue).contains("received a child action when child state was set to a different case")
    }
    #expect(store.state == .empty)
  }

  @Test func printChangesPrintsTheActionAndTheStateDiff() {
    let output = LockIsolated("")
    let store = Store(initialState: Logger.State()) {
      Logger()._printChanges(.customDump { text in output.withValue { $0 += text } })
    }
    store.send(.add(1))
    store.send(.add(0))
    #expect(
      output.value == """
        received action:
          Logger.Action.add(1)
          Logger.State(
            log: [],
        -   total: 0
        +   total: 1
          )
        received action:
          Logger.Action.add(0)
          (No state changes)

        """
    )
  }
}

/// Exercises every construct of the reducer builder.
struct Builder: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action { case go }
  let flag: Bool
  let count: Int

  var body: some ReducerOf<Self> {
    Self.logging("first")
    if flag {
      Self.logging("if")
    } else {
      Self.logging("else")
    }
    for index in 0..<count {
      Self.logging("loop \(index)")
    }
    if flag {
      Self.logging("optional")
    }
    Self.logging("last")
  }

  static func logging(_ entry: String) -> Reduce<State, Action> {
    Reduce { state, _ in
      state.log.append(entry)
      return .none
    }
  }
}

/// A parent whose state is an enum.
struct Screen: Reducer {
  @CasePathable enum State: Equatable { case empty, list(Logger.State) }
  @CasePathable enum Action { case list(Logger.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { Logger() }
  }
}
