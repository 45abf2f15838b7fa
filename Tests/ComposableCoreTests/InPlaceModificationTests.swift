import ComposableCore
import Testing

/// A send changes state where it lies: an array a feature keeps, at any depth below
/// `@ObservableState`, `Scope`, `ifLet` over `@Presents` and `forEach`, is appended to in its own
/// storage, never copied whole first. Each test gives the array room to grow
/// (`reserveCapacity`), so an append in place keeps its storage's address; a copy made because
/// something else still held the storage moves it. A copy is a cost that grows with the data:
/// a hundred thousand items copied for every action that appends one.
@MainActor
struct InPlaceModificationTests {
  @Reducer
  struct Log {
    @ObservableState
    struct State: Identifiable {
      var id = 0
      var lines: [Int] = []

      init(id: Int = 0, lines: Int = 0) {
        self.id = id
        self.lines.reserveCapacity(lines + 100)
        self.lines.append(contentsOf: 0..<lines)
      }

      /// The address of the lines' storage.
      var address: UnsafeRawPointer? {
        lines.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      }
    }

    enum Action { case append }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.lines.append(state.lines.count)
        return .none
      }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State {
      var log = Log.State(lines: 1_000)
      @Presents var sheet: Log.State?
      var logs: IdentifiedArrayOf<Log.State> = []
      var path = StackState<Log.State>()

      init() {}

      /// A state made by `body`, with no copy of it left behind to share its storage with the
      /// store's.
      init(_ body: (inout Self) -> Void) {
        body(&self)
      }
    }

    enum Action {
      case log(Log.Action)
      case sheet(PresentationAction<Log.Action>)
      case logs(IdentifiedActionOf<Log>)
      case path(StackActionOf<Log>)
      case appendToOwnLog
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.log, action: \.log) { Log() }
      Reduce { state, action in
        if case .appendToOwnLog = action { state.log.lines.append(0) }
        return .none
      }
      .ifLet(\.$sheet, action: \.sheet) { Log() }
      .forEach(\.logs, action: \.logs) { Log() }
      .forEach(\.path, action: \.path) { Log() }
    }
  }

  @Test func aTrackedMemberIsModifiedWhereItLies() {
    var state = Parent.State()
    let before = state.log.address
    state.log.lines.append(1)
    #expect(state.log.address == before)
  }

  @Test func aParentModifiesItsChildsStateWhereItLies() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let before = store.withState(\.log.address)
    store.send(.appendToOwnLog)
    #expect(store.withState(\.log.address) == before)
    #expect(store.withState(\.log.lines.count) == 1_001)
  }

  @Test func aChildActionThroughScopeModifiesTheChildWhereItLies() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let before = store.withState(\.log.address)
    store.send(.log(.append))
    #expect(store.withState(\.log.address) == before)
    #expect(store.withState(\.log.lines.count) == 1_001)
  }

  @Test func aPresentedChildIsModifiedWhereItLies() {
    let store = Store(initialState: Parent.State { $0.sheet = Log.State(lines: 1_000) }) {
      Parent()
    }
    let before = store.withState(\.sheet?.address)
    store.send(.sheet(.presented(.append)))
    #expect(store.withState(\.sheet?.address) == before)
    #expect(store.withState(\.sheet?.lines.count) == 1_001)
  }

  @Test func anElementOfAnIdentifiedArrayIsModifiedWhereItLies() {
    let store = Store(
      initialState: Parent.State {
        $0.logs = [Log.State(id: 1, lines: 1_000), Log.State(id: 2, lines: 1_000)]
      }
    ) {
      Parent()
    }
    let before = store.withState(\.logs[id: 2]?.address)
    store.send(.logs(.element(id: 2, action: .append)))
    #expect(store.withState(\.logs[id: 2]?.address) == before)
    #expect(store.withState(\.logs[id: 2]?.lines.count) == 1_001)
  }

  @Test func aScreenOfAStackIsModifiedWhereItLies() {
    let store = Store(initialState: Parent.State { $0.path.append(Log.State(id: 1, lines: 1_000)) }) {
      Parent()
    }
    let id = store.withState(\.path.ids.last!)
    let before = store.withState { $0.path[id: id]?.address }
    store.send(.path(.element(id: id, action: .append)))
    #expect(store.withState { $0.path[id: id]?.address } == before)
    #expect(store.withState { $0.path[id: id]?.lines.count } == 1_001)
  }
}
