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
    let log = Log()
    let tokens = Tokens()
    tokens.all.append(
      store.addSendObserver {
        log.calls.append("first")
        tokens.all.forEach(store.removeSendObserver)
      }
    )
    let witness = addWitnessedObserver(to: store, log: log, tokens: tokens) { "second" }
    store.send(.add(1))
    #expect(log.calls == ["first", "second kept"])
    #expect(witness.object == nil)
    store.send(.add(1))
    #expect(log.calls.count == 2)
  }

  @Test func anObserverThatSendsHasTheNestedSendCallTheListItFindsAndTheOuterOneGoesOn() {
    let store = Store(initialState: Logger.State()) { Logger() }
    let log = Log()
    let tokens = Tokens()
    tokens.all.append(
      store.addSendObserver {
        log.calls.append("first \(store.withState(\.total))")
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
    let witness = addWitnessedObserver(to: store, log: log, tokens: tokens) {
      "second \(store.withState(\.total))"
    }
    store.send(.add(1))
    #expect(log.calls == ["first 1", "first 2", "second 2 kept", "second 2 kept"])
    #expect(witness.object == nil)
    store.send(.add(1))
    #expect(log.calls.suffix(1) == ["first 3"])
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

/// Adds to `store` an observer whose closure holds the only reference to a witness, and logs
/// `entry()` with the witness's name, or "gone" once it is released: were the list a send calls
/// released while the send still had it to call (its observer removed meanwhile), the witness
/// would be gone at the call. Returns where the witness is seen from outside.
@MainActor
private func addWitnessedObserver(
  to store: StoreOf<Logger>, log: Log, tokens: Tokens, entry: @escaping @MainActor () -> String
) -> WeakWitness {
  let witness = Witness()
  let seen = WeakWitness(witness)
  tokens.all.append(
    store.addSendObserver { [witness] in
      _ = witness
      log.calls.append("\(entry()) \(seen.object?.name ?? "gone")")
    }
  )
  return seen
}

/// An object whose release a test can see.
private final class Witness {
  let name = "kept"
}

/// A witness seen through a weak reference.
private final class WeakWitness {
  weak var object: Witness?
  init(_ object: Witness) { self.object = object }
}

/// What the observers of a test logged, in order.
@MainActor
private final class Log {
  var calls: [String] = []
}

/// The tokens of the observers a test added, for an observer to remove them.
@MainActor
private final class Tokens {
  var all: [Int] = []
}
