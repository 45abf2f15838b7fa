import ComposableTestSupport
import Foundation
import Testing

/// Cancel ids across presentations, after TCA's `PresentationReducerTests`: a parent reaches
/// the work of the children it presents, a child reaches neither its parent's nor its
/// sibling's.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationCancellationTests {
  /// Answers every second once started, until stopped.
  @Reducer
  struct Pinger {
    struct State: Equatable, Identifiable {
      var id = UUID(0)
      var count = 0
    }
    enum Action: Equatable {
      case pong(Int)
      case start
      case stop
    }
    enum CancelID { case pings }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .pong(let value):
          state.count = value
          return .none
        case .start:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.pong(42))
            }
          }
          .cancellable(id: CancelID.pings)
        case .stop:
          return .cancel(id: CancelID.pings)
        }
      }
    }
  }

  /// Presents two pingers at once, and can stop every ping.
  @Reducer
  struct Pair {
    struct State: Equatable {
      @PresentationState var first: Pinger.State?
      @PresentationState var second: Pinger.State?
    }
    enum Action: Equatable {
      case first(PresentationAction<Pinger.Action>)
      case presentBoth(distinctIDs: Bool)
      case second(PresentationAction<Pinger.Action>)
      case stopAll
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .first, .second:
          return .none
        case .presentBoth(let distinctIDs):
          state.first = Pinger.State(id: UUID(0))
          state.second = Pinger.State(id: UUID(distinctIDs ? 1 : 0))
          return .none
        case .stopAll:
          return .cancel(id: Pinger.CancelID.pings)
        }
      }
      .ifLet(\.$first, action: \.first) { Pinger() }
      .ifLet(\.$second, action: \.second) { Pinger() }
    }
  }

  @Test func aChildCancelsItsOwnWork() async {
    let store = TestStore(initialState: Pair.State(first: Pinger.State())) { Pair() } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(\.first.start)
    await store.send(\.first.stop)
  }

  @Test func aParentCancelsTheWorkOfBothItsChildren() async {
    let clock = TestClock()
    let store = TestStore(initialState: Pair.State()) { Pair() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentBoth(distinctIDs: false)) {
      $0.first = Pinger.State()
      $0.second = Pinger.State()
    }
    await store.send(\.first.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.pong) { $0.first?.count = 42 }
    await store.send(\.second.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.pong)
    await store.receive(\.second.pong) { $0.second?.count = 42 }
    await store.send(.stopAll)
    await clock.advance(by: .seconds(1))
    await store.send(.first(.dismiss)) { $0.first = nil }
    await store.send(.second(.dismiss)) { $0.second = nil }
  }

  @Test(arguments: [false, true])
  func aChildCannotCancelItsSiblingsWork(distinctIDs: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: Pair.State()) { Pair() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentBoth(distinctIDs: distinctIDs)) {
      $0.first = Pinger.State(id: UUID(0))
      $0.second = Pinger.State(id: UUID(distinctIDs ? 1 : 0))
    }
    await store.send(\.first.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.pong) { $0.first?.count = 42 }
    await store.send(\.second.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.pong)
    await store.receive(\.second.pong) { $0.second?.count = 42 }

    await store.send(\.first.stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.second.pong)

    await store.send(\.second.stop)
    await clock.advance(by: .seconds(1))
    await store.send(.first(.dismiss)) { $0.first = nil }
    await store.send(.second(.dismiss)) { $0.second = nil }
  }

  /// Starts work that never ends, cancellable by its id.
  @Reducer
  struct Leaf {
    struct State: Equatable {}
    enum Action: Equatable {
      case hang
      case ping
      case pong
    }
    enum CancelID { case work }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .hang:
          return .run { _ in try await Task.never() }
            .cancellable(id: CancelID.work)
        case .ping:
          return .run { send in
            try await clock.sleep(for: .zero)
            await send(.pong)
          }
          .cancellable(id: CancelID.work)
        case .pong:
          return .none
        }
      }
    }
  }

  /// Presents a leaf, and hangs on work of its own.
  @Reducer
  struct Branch {
    struct State: Equatable {
      @PresentationState var leaf: Leaf.State?
    }
    enum Action: Equatable {
      case hang
      case leaf(PresentationAction<Leaf.Action>)
      case presentLeaf
    }
    enum CancelID { case work }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .hang:
          return .run { _ in try await Task.never() }
            .cancellable(id: CancelID.work)
        case .leaf:
          return .none
        case .presentLeaf:
          state.leaf = Leaf.State()
          return .none
        }
      }
      .ifLet(\.$leaf, action: \.leaf) { Leaf() }
    }
  }

  /// Presents a branch; can stop the work of its descendants and dismiss the leaf.
  @Reducer
  struct Trunk {
    struct State: Equatable {
      @PresentationState var branch: Branch.State?
    }
    enum Action: Equatable {
      case branch(PresentationAction<Branch.Action>)
      case dismissLeaf
      case presentBranch
      case stopAll
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .branch:
          return .none
        case .dismissLeaf:
          return .send(.branch(.presented(.leaf(.dismiss))))
        case .presentBranch:
          state.branch = Branch.State()
          return .none
        case .stopAll:
          return .merge(.cancel(id: Branch.CancelID.work), .cancel(id: Leaf.CancelID.work))
        }
      }
      .ifLet(\.$branch, action: \.branch) { Branch() }
    }
  }

  @Test func aParentCancelsWorkByIdInChildrenAndGrandchildren() async {
    let store = TestStore(initialState: Trunk.State()) { Trunk() }
    await store.send(.presentBranch) { $0.branch = Branch.State() }
    await store.send(\.branch.presentLeaf) { $0.branch?.leaf = Leaf.State() }
    await store.send(\.branch.hang)
    await store.send(\.branch.leaf.hang)
    await store.send(.stopAll)
  }

  @Test func dismissingAGrandchildFromTheTopCancelsItsWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Trunk.State()) { Trunk() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentBranch) { $0.branch = Branch.State() }
    await store.send(\.branch.presentLeaf) { $0.branch?.leaf = Leaf.State() }
    await store.send(\.branch.leaf.ping)
    await clock.advance()
    await store.receive(\.branch.leaf.pong)

    await store.send(\.branch.leaf.ping)
    await store.send(.dismissLeaf)
    await store.receive(\.branch.leaf.dismiss) { $0.branch?.leaf = nil }
    await store.send(.branch(.dismiss)) { $0.branch = nil }
  }

  /// A child that tries to cancel its parent's work.
  @Reducer
  struct Meddler {
    struct State: Equatable {}
    enum Action: Equatable { case stop }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .cancel(id: Guardian.CancelID.work) }
    }
  }

  /// Answers a second after it starts, unless stopped; presents a meddler.
  @Reducer
  struct Guardian {
    struct State: Equatable {
      @PresentationState var meddler: Meddler.State?
      var count = 0
    }
    enum Action: Equatable {
      case answer(Int)
      case meddler(PresentationAction<Meddler.Action>)
      case presentMeddler
      case start
      case stop
    }
    enum CancelID { case work }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .answer(let value):
          state.count = value
          return .none
        case .meddler:
          return .none
        case .presentMeddler:
          state.meddler = Meddler.State()
          return .none
        case .start:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.answer(42))
          }
          .cancellable(id: CancelID.work)
        case .stop:
          return .cancel(id: CancelID.work)
        }
      }
      .ifLet(\.$meddler, action: \.meddler) { Meddler() }
    }
  }

  @Test func aChildCannotCancelItsParentsWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Guardian.State()) { Guardian() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentMeddler) { $0.meddler = Meddler.State() }
    await store.send(.start)
    await store.send(\.meddler.stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.answer) { $0.count = 42 }
    await store.send(.stop)
    await store.send(.meddler(.dismiss)) { $0.meddler = nil }
  }

  /// Answers a tap a second later, cancelling the answer to an earlier tap.
  @Reducer
  struct Debouncer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case answer(Int)
      case tap
    }
    struct CancelID: Hashable, Sendable {}
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .answer(let value):
          state.count = value
          return .none
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.answer(42))
          }
          .cancellable(id: CancelID(), cancelInFlight: true)
        }
      }
    }
  }

  /// Presents a debouncer, and starts work of its own under the debouncer's id.
  @Reducer
  struct DebouncerHost {
    struct State: Equatable {
      @PresentationState var debouncer: Debouncer.State?
      var count = 0
    }
    enum Action: Equatable {
      case answer(Int)
      case debouncer(PresentationAction<Debouncer.Action>)
      case presentDebouncer
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .answer(let value):
          state.count = value
          return .none
        case .debouncer:
          return .none
        case .presentDebouncer:
          state.debouncer = Debouncer.State()
          return .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.answer(42))
          }
          .cancellable(id: Debouncer.CancelID())
        }
      }
      .ifLet(\.$debouncer, action: \.debouncer) { Debouncer() }
    }
  }

  @Test func aChildCancellingInFlightSparesItsParentsWorkUnderTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncerHost.State()) { DebouncerHost() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentDebouncer) { $0.debouncer = Debouncer.State() }
    await store.send(\.debouncer.tap)
    await clock.advance(by: .milliseconds(500))
    await store.send(\.debouncer.tap)
    await clock.advance(by: .milliseconds(1_000))
    await store.receive(\.debouncer.answer) { $0.debouncer?.count = 42 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.answer) { $0.count = 42 }
    await store.send(.debouncer(.dismiss)) { $0.debouncer = nil }
  }
}
