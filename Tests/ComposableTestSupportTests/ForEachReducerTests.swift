import ComposableTestSupport
import Foundation
import Testing

/// `forEach` over an identified array, after the Composable Architecture's
/// `ForEachReducerTests`: element actions, other actions, a missing element, and effects
/// cancelled when their element is removed or replaced by one with another id.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ForEachReducerTests {
  @Reducer
  struct Rows {
    struct State: Equatable {
      struct Row: Equatable, Identifiable {
        var id: Int
        var value: String
      }
      var rows: IdentifiedArrayOf<Row> = []
    }
    enum Action: Equatable {
      case buttonTapped
      case rows(IdentifiedAction<Int, String>)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .forEach(\.rows, action: \.rows) {
          Reduce { state, action in
            state.value = action
            return action.isEmpty ? .run { await $0("Empty") } : .none
          }
        }
    }
  }

  @Test func anElementActionRunsOnItsElement() async {
    let store = TestStore(
      initialState: Rows.State(rows: [
        .init(id: 1, value: "Ada"), .init(id: 2, value: "Grace"), .init(id: 3, value: "Alan"),
      ])
    ) {
      Rows()
    }
    await store.send(\.rows[id: 1], "Ada L.") { $0.rows[id: 1]?.value = "Ada L." }
    await store.send(\.rows[id: 2], "") { $0.rows[id: 2]?.value = "" }
    await store.receive(\.rows[id: 2]) { $0.rows[id: 2]?.value = "Empty" }
  }

  @Test func anotherActionPassesTheElementsBy() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await store.send(.buttonTapped)
  }

  @Test func anActionForAMissingElementIsExplained() async {
    let line = #line + 2
    let store = TestStore(initialState: Rows.State()) {
      EmptyReducer<Rows.State, Rows.Action>().forEach(\.rows, action: \.rows) {}
    }
    await withKnownIssue {
      await store.send(\.rows[id: 1], "Ada L.")
    } matching: {
      $0.message.hasSuffix(
        """
        A "forEach" at "\(#fileID):\(line)" received an action for a missing element.

          Action:
            ForEachReducerTests.Rows.Action.rows(.element(id:, action:))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element reducers \
        can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when \
        its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """
      )
    }
  }

  @Reducer
  struct Timer {
    struct State: Equatable, Identifiable {
      let id: UUID
      var elapsed = 0
    }
    enum Action: Equatable { case startButtonTapped, tick }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .startButtonTapped:
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.tick)
            }
          }
        case .tick:
          state.elapsed += 1
          return .none
        }
      }
    }
  }

  @Reducer
  struct Timers {
    struct State: Equatable { var timers: IdentifiedArrayOf<Timer.State> = [] }
    enum Action: Equatable {
      case addTimerButtonTapped
      case removeLastTimerButtonTapped
      case replaceFirstTimerButtonTapped
      case timers(IdentifiedActionOf<Timer>)
    }
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTimerButtonTapped:
          state.timers.append(Timer.State(id: uuid()))
        case .removeLastTimerButtonTapped:
          state.timers.removeLast()
        case .replaceFirstTimerButtonTapped:
          state.timers[0] = Timer.State(id: uuid())
        case .timers:
          break
        }
        return .none
      }
      .forEach(\.timers, action: \.timers) { Timer() }
    }
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) { Timers() } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    await store.send(.addTimerButtonTapped) { $0.timers = [Timer.State(id: UUID(0))] }
    await store.send(\.timers[id: UUID(0)].startButtonTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 1 }
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 2 }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [Timer.State(id: UUID(0), elapsed: 2), Timer.State(id: UUID(1))]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 3 }
    await store.send(\.timers[id: UUID(1)].startButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 4 }
    await store.receive(\.timers[id: UUID(1)].tick) { $0.timers[1].elapsed = 1 }
    await store.send(.removeLastTimerButtonTapped) {
      $0.timers = [Timer.State(id: UUID(0), elapsed: 4)]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 5 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
  }

  @Test func replacingAnElementWithAnotherIDCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) { Timers() } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    await store.send(.addTimerButtonTapped) { $0.timers = [Timer.State(id: UUID(0))] }
    await store.send(\.timers[id: UUID(0)].startButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.timers[id: UUID(0)].tick) { $0.timers[0].elapsed = 1 }
    await store.send(.replaceFirstTimerButtonTapped) { $0.timers = [Timer.State(id: UUID(1))] }
    await clock.advance(by: .seconds(5))
  }
}
