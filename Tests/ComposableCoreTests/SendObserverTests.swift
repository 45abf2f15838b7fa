import ComposableCore
import Testing

/// A root store's send observers: each called once after every send, in the order added, from
/// the list the send found however an observer changes it.
@MainActor
struct SendObserverTests {
  @Test func observersAreCalledOnceAfterEachSendInTheOrderTheyWereAdded() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls: [String] = []
    let first = store.addSendObserver { calls.append("first \(store.withState(\.total))") }
    let second = store.addSendObserver { calls.append("second \(store.withState(\.total))") }
    store.send(.add(2))
    store.send(.add(3))
    #expect(calls == ["first 2", "second 2", "first 5", "second 5"])
    store.removeSendObserver(first)
    store.send(.add(1))
    #expect(calls.suffix(1) == ["second 6"])
    store.removeSendObserver(second)
    store.send(.add(1))
    #expect(calls.count == 5)
  }

  @Test func anObserverRemovedDuringASendIsStillCalledByItButNotAfter() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls: [String] = []
    let tokens = Tokens()
    tokens.all.append(
      store.addSendObserver {
        calls.append("first")
        tokens.all.forEach(store.removeSendObserver)
      }
    )
    // NB: The second observer's closure holds the only reference to the witness: removed by the
    //     first, it would be released while the send still has it to call.
    weak var released: Witness?
    do {
      let witness = Witness()
      released = witness
      tokens.all.append(
        store.addSendObserver { [witness] in
          _ = witness
          calls.append("second \(released?.name ?? "gone")")
        }
      )
    }
    store.send(.add(1))
    #expect(calls == ["first", "second kept"])
    #expect(released == nil)
    store.send(.add(1))
    #expect(calls.count == 2)
  }

  @Test func anObserverThatSendsHasTheNestedSendCallTheListItFindsAndTheOuterOneGoesOn() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls: [String] = []
    let tokens = Tokens()
    weak var released: Witness?
    tokens.all.append(
      store.addSendObserver {
        calls.append("first \(store.withState(\.total))")
        switch store.withState(\.total) {
        case 1:
          store.send(.add(1))
        case 2:
          tokens.all.dropFirst().forEach(store.removeSendObserver)
        default:
          break
        }
      }
    )
    do {
      let witness = Witness()
      released = witness
      tokens.all.append(
        store.addSendObserver { [witness] in
          // NB: Read through the weak reference: were the list the send calls released, the
          //     witness would be gone before this call, and this call would read "gone".
          _ = witness
          calls.append("second \(store.withState(\.total)) \(released?.name ?? "gone")")
        }
      )
    }
    store.send(.add(1))
    #expect(calls == ["first 1", "first 2", "second 2 kept", "second 2 kept"])
    #expect(released == nil)
    store.send(.add(1))
    #expect(calls.suffix(1) == ["first 3"])
  }

  @Test func anObserverAddedDuringASendIsCalledFromTheNextSend() {
    let store = Store(initialState: Logger.State()) { Logger() }
    var calls: [String] = []
    var added = false
    _ = store.addSendObserver {
      calls.append("first")
      guard !added else { return }
      added = true
      _ = store.addSendObserver { calls.append("added") }
    }
    store.send(.add(1))
    #expect(calls == ["first"])
    store.send(.add(1))
    #expect(calls == ["first", "first", "added"])
  }
}

/// An object whose release a test can see.
private final class Witness {
  let name = "kept"
}

/// The tokens of the observers a test added, for an observer to remove them.
@MainActor
private final class Tokens {
  var all: [Int] = []
}
