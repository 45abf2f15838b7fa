import ComposableCore
import Observation
import Synchronization
import Testing

/// What `ifLet` and a stack read of state to keep their books (whether a child is there, what a
/// presentation presents, a stack's ids) is not a read anything is told about: observation
/// tracking around a send learns of the members the reducers themselves read, not of those the
/// framework looked at. Each test reads a member in the reducer too, to show that tracking sees
/// reads at all.
@MainActor
struct BookkeepingReadTests {
  @Reducer
  struct Child {
    @ObservableState
    struct State: Identifiable {
      var id = 0
    }
    enum Action { case tap }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State {
      var count = 0
      var readsCount = false
      @Presents var sheet: Child.State? = Child.State()
      var optional: Child.State? = Child.State()
      var path = StackState<Child.State>([Child.State()])
    }

    enum Action {
      case optional(Child.Action)
      case path(StackActionOf<Child>)
      case sheet(PresentationAction<Child.Action>)
      case tap
    }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        if state.readsCount { _ = state.count }
        return .none
      }
      .ifLet(\.$sheet, action: \.sheet) { Child() }
      .ifLet(\.optional, action: \.optional) { Child() }
      .forEach(\.path, action: \.path) { Child() }
    }
  }

  /// Sends `.tap` to a store under observation tracking; returns how many changes tracking was
  /// told of once `change` ran on a copy of the store's state, whose registrar it shares.
  @MainActor
  private func changesTold(
    reading readsCount: Bool = false,
    after change: (inout Parent.State) -> Void
  ) -> Int {
    let store = Store(initialState: Parent.State(readsCount: readsCount)) { Parent() }
    let told = Atomic(0)
    withObservationTracking {
      _ = store.send(.tap)
    } onChange: {
      told.add(1, ordering: .relaxed)
    }
    var state = store.withState { $0 }
    change(&state)
    return told.load(ordering: .relaxed)
  }

  @Test func aPresentationLookedAtByItsIfLetIsNotAReadOfTheState() {
    #expect(changesTold { $0.sheet = nil } == 0)
  }

  @Test func anOptionalChildLookedAtByItsIfLetIsNotAReadOfTheState() {
    #expect(changesTold { $0.optional = nil } == 0)
  }

  @Test func aStackLookedAtByItsForEachIsNotAReadOfTheState() {
    #expect(changesTold { $0.path.removeAll() } == 0)
  }

  @Test func aMemberTheReducerReadsIsARead() {
    #expect(changesTold(reading: true) { $0.count += 1 } == 1)
    #expect(changesTold(reading: false) { $0.count += 1 } == 0)
  }
}
