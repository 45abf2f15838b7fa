import ComposableCore
import Observation
import Testing

/// Actions sent into a store while it is still finishing a send, as TCA's `CompatibilityTests`
/// pin them: an action whose payload, freed with the batch's queue, sends another is processed
/// after it, and one sent while state is observed mid-send comes after the change it observed.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ReentranceTests {
  /// Calls `onDeinit` when freed: what an action's payload may do.
  final class OnDeinit: Equatable, @unchecked Sendable {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void) { self.onDeinit = onDeinit }
    deinit { MainActor.assumeIsolated { [onDeinit] in onDeinit() } }
    static func == (lhs: OnDeinit, rhs: OnDeinit) -> Bool { true }
  }

  enum Action: Equatable {
    case start
    case kickOff
    case carry(OnDeinit)
    case stop

    var name: String {
      switch self {
      case .start: "start"
      case .kickOff: "kickOff"
      case .carry: "carry"
      case .stop: "stop"
      }
    }
  }

  /// Where the running effect's `send` is kept, for a payload's deinit to send through it.
  @MainActor final class Sender: Sendable {
    var send: Send<Action>?
  }

  @Test func anActionSentAsTheBatchIsFreedIsProcessedAfterIt() async {
    let sender = Sender()
    let (ready, isReady) = AsyncStream.makeStream(of: Void.self)
    var handled: [String] = []
    let store = Store<Int, Action>(initialState: 0) {
      Reduce { _, action in
        handled.append(action.name)
        switch action {
        case .start:
          return .run { @MainActor send in
            sender.send = send
            isReady.yield()
            try await Task.never()
          }
          .cancellable(id: "effect")
        case .kickOff:
          return .send(.carry(OnDeinit { sender.send?(.stop) }))
        case .carry:
          return .none
        case .stop:
          return .cancel(id: "effect")
        }
      }
    }
    let started = store.send(.start)
    for await _ in ready { break }
    store.send(.kickOff)
    #expect(handled == ["start", "kickOff", "carry", "stop"])
    await started.finish()
  }

  @ObservableState
  struct Value: Equatable {
    var value = 0
  }

  @Test func anActionSentWhileAChangeIsObservedComesAfterIt() {
    var received: [Int] = []
    let store = Store<Value, Int>(initialState: Value()) {
      Reduce { state, action in
        received.append(action)
        state.value = action
        return .none
      }
    }
    withObservationTracking {
      _ = store.value
    } onChange: {
      MainActor.assumeIsolated {
        withKnownIssue {
          store.send(0)
        } matching: { issue in
          issue.comments.map(\.rawValue).joined().contains("Reentrant actions are undefined")
        }
      }
    }
    store.send(1)
    #expect(received == [1, 0])
    #expect(store.value == 0)
  }
}
