import ComposableCore
import Testing

/// A reducer holds its store's state `inout` while it runs: a read of the store's state then (by
/// a dependency, or anything holding the store) stops the program, as the runtime's exclusivity
/// check does for any `inout` access, and as it does in TCA.
@MainActor
struct ReadWhileReducingTests {
  @Test func aReadOfTheStoresStateWhileItsReducerRunsStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let holder = StoreHolder()
        let store = Store(initialState: StoreReader.State()) { StoreReader(holder: holder) }
        holder.store = store
        store.send(.readTheStore)
      }
    }
  }

  @Test func theStoresStateIsReadBeforeAndAfterASend() {
    let holder = StoreHolder()
    let store = Store(initialState: StoreReader.State()) { StoreReader(holder: holder) }
    holder.store = store
    store.send(.increment)
    #expect(store.withState(\.count) == 1)
    #expect(store.state.count == 1)
  }
}

/// Holds a store for its own reducer to reach.
@MainActor
private final class StoreHolder {
  var store: Store<StoreReader.State, StoreReader.Action>?
}

/// A reducer that reads its own store's state when asked to.
private struct StoreReader: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case increment, readTheStore }
  let holder: StoreHolder

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
    case .readTheStore:
      state.count = MainActor.assumeIsolated { holder.store?.withState(\.count) ?? 0 } + 1
    }
    return .none
  }
}
