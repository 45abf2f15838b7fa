import ComposableCore
import Testing
@testable import TerminalRuntime

/// A scoped view reads its child store several times per line; it scopes once per parent.
@MainActor
struct ScopedStoreCacheTests {
  @Test func aChildIsScopedOncePerParentStore() {
    let cache = ScopedStoreCache<Tally.State, Tally.Action, Int, Tally.Action>()
    var scopes = 0
    func scope(_ store: StoreOf<Tally>) -> Store<Int, Tally.Action> {
      scopes += 1
      return store.scope(state: \.count, action: \.self)
    }
    let store = Store(initialState: Tally.State()) { Tally() }
    let first = cache.child(of: store, scope)
    let second = cache.child(of: store, scope)
    #expect(first === second)
    #expect(scopes == 1)

    let other = Store(initialState: Tally.State(count: 5)) { Tally() }
    let third = cache.child(of: other, scope)
    #expect(scopes == 2)
    #expect(third.state == 5)
    #expect(first.state == 0)
  }
}
