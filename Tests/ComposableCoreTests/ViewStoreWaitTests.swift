import ComposableCore
import Testing

/// `ViewStore`'s older API: view actions mapped to the store's by a `send:` closure, and sends
/// that suspend while a condition holds of the view state.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ViewStoreWaitTests {
  enum Action: Equatable {
    case load
    case loaded
  }

  enum Intent {
    case refresh
  }

  static func loader() -> Store<Bool, Action> {
    Store(initialState: false) {
      Reduce<Bool, Action> { isLoading, action in
        switch action {
        case .load:
          isLoading = true
          return .run { send in
            await Task.yield()
            await send(.loaded)
          }
        case .loaded:
          isLoading = false
          return .none
        }
      }
    }
  }

  @available(*, deprecated)
  @Test func sendWhileSuspendsUntilThePredicateNoLongerHolds() async {
    let store = Self.loader()
    let viewStore = ViewStore(store, observe: { $0 })
    await viewStore.send(.load, while: { $0 })
    #expect(store.state == false)
    #expect(viewStore.state == false)
    await viewStore.send(.load, animation: .default, while: { $0 })
    #expect(store.state == false)
  }

  @available(*, deprecated)
  @Test func yieldWhileReturnsAtOnceWhenThePredicateDoesNotHold() async {
    let viewStore = ViewStore(Self.loader(), observe: { $0 })
    await viewStore.yield(while: { $0 })
    #expect(viewStore.state == false)
  }

  @available(*, deprecated)
  @Test func yieldWhileEndsWhenItsTaskIsCancelled() async {
    let viewStore = ViewStore(Self.loader(), observe: { $0 })
    let task = Task { await viewStore.yield(while: { _ in true }) }
    await Task.yield()
    task.cancel()
    await task.value
  }

  @available(*, deprecated)
  @Test func viewActionsAreSentAsTheStoresActions() async {
    let store = Self.loader()
    let viewStore = ViewStore(store, observe: { $0 }, send: { (_: Intent) in Action.load })
    await viewStore.send(.refresh, while: { $0 })
    #expect(store.state == false)
    let unchecked = ViewStore(
      store, observe: { $0 }, send: { (_: Intent) in Action.load }, removeDuplicates: { _, _ in false }
    )
    unchecked.send(.refresh)
    #expect(unchecked.state == true)
  }
}
