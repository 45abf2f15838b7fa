import ComposableTestSupport
import Testing

/// An `@Reducer enum` that writes its own `static var body`, as a root switching between two
/// features does: the macro leaves that body alone and still writes `State`, `Action` and the
/// case scope.
@MainActor
struct EnumReducerBodyTests {
  @Reducer
  struct Gate {
    @ObservableState
    struct State: Equatable { var code = "" }
    enum Action: Equatable {
      case codeEntered(String)
      case opened
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .codeEntered(let code):
          state.code = code
          return code == "open" ? .send(.opened) : .none
        case .opened:
          return .none
        }
      }
    }
  }

  @Reducer
  struct Garden {
    @ObservableState
    struct State: Equatable { var visits = 1 }
    enum Action: Equatable { case stroll }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.visits += 1
        return .none
      }
    }
  }

  @Reducer
  enum Grounds {
    case gate(Gate)
    case garden(Garden)

    static var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .gate(.opened):
          state = .garden(Garden.State())
          return .none
        case .gate, .garden:
          return .none
        }
      }
      .ifCaseLet(\.gate, action: \.gate) { Gate() }
      .ifCaseLet(\.garden, action: \.garden) { Garden() }
    }
  }

  @Test func itsOwnBodyRuns() async {
    let store = TestStore(initialState: Grounds.State.gate(Gate.State())) { Grounds.body }
    await store.send(\.gate.codeEntered, "shut") { $0 = .gate(Gate.State(code: "shut")) }
    await store.send(\.gate.codeEntered, "open") { $0 = .gate(Gate.State(code: "open")) }
    await store.receive(\.gate.opened) { $0 = .garden(Garden.State()) }
    await store.send(\.garden.stroll) { $0 = .garden(Garden.State(visits: 2)) }
  }
}

extension EnumReducerBodyTests.Grounds.State: Equatable {}
