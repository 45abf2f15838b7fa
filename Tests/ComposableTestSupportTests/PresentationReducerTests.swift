import ComposableTestSupport
import Foundation
import Testing

/// Presenting and dismissing one child with `ifLet`, after TCA's `PresentationReducerTests`:
/// the cases `PresentationTests` leaves out.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationReducerTests {
  /// A child that counts by hand or on a clock, and can close itself.
  @Reducer
  struct Tally {
    struct State: Equatable, Identifiable {
      var id = UUID(0)
      var count = 0
    }
    enum Action: Equatable {
      case closeTapped
      case decrement
      case increment
      case startTicking
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .decrement:
          state.count -= 1
          return .none
        case .increment:
          state.count += 1
          return .none
        case .startTicking:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.tick)
            }
          }
        case .tick:
          state.count += 1
          return .none
        }
      }
    }
  }

  /// Presents a tally, notes its count when it is dismissed, and can take it away itself.
  @Reducer
  struct Host {
    struct State: Equatable {
      @PresentationState var tally: Tally.State?
      var lastCount: Int?
    }
    enum Action: Equatable {
      case presentTally(id: UUID = UUID(0))
      case tally(PresentationAction<Tally.Action>)
      case takeTallyAway
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentTally(let id):
          state.tally = Tally.State(id: id)
          return .none
        case .tally(.dismiss):
          state.lastCount = state.tally?.count
          return .none
        case .tally:
          return .none
        case .takeTallyAway:
          state.tally = nil
          return .none
        }
      }
      .ifLet(\.$tally, action: \.tally) { Tally() }
    }
  }

  @Test func settingTheChildToNilDismissesIt() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.presentTally()) { $0.tally = Tally.State() }
    await store.send(\.tally.increment) { $0.tally?.count = 1 }
    await store.send(.takeTallyAway) { $0.tally = nil }
  }

  @Test func theParentSeesTheChildsStateWhenItDismissesItself() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.presentTally()) { $0.tally = Tally.State() }
    await store.send(\.tally.decrement) { $0.tally?.count = -1 }
    await store.send(\.tally.closeTapped)
    await store.receive(\.tally.dismiss) {
      $0.tally = nil
      $0.lastCount = -1
    }
  }

  @Test func aChildThatDismissesItselfStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Host.State()) { Host() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentTally()) { $0.tally = Tally.State() }
    await store.send(\.tally.startTicking)
    await clock.advance(by: .seconds(2))
    await store.receive(\.tally.tick) { $0.tally?.count = 1 }
    await store.receive(\.tally.tick) { $0.tally?.count = 2 }
    await store.send(\.tally.closeTapped)
    await store.receive(\.tally.dismiss) {
      $0.tally = nil
      $0.lastCount = 2
    }
  }

  @Test func aTestMayEndWithTheChildStillPresented() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.presentTally()) { $0.tally = Tally.State() }
  }

  @Test func finishingWithTheChildPresentedWaitsOnNothing() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.presentTally()) { $0.tally = Tally.State() }
    await store.finish()
  }

  @Test func aChildPresentedFromTheStartCanDismissItself() async {
    let store = TestStore(initialState: Host.State(tally: Tally.State())) { Host() }
    await store.send(\.tally.closeTapped)
    await store.receive(\.tally.dismiss) {
      $0.tally = nil
      $0.lastCount = 0
    }
  }

  /// Puts the same child back when asked to dismiss it.
  @Reducer
  struct Stubborn {
    struct State: Equatable {
      @PresentationState var tally: Tally.State?
    }
    enum Action: Equatable {
      case tally(PresentationAction<Tally.Action>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .tally(.dismiss) = action {
          state.tally = Tally.State()
        }
        return .none
      }
      .ifLet(\.$tally, action: \.tally) { Tally() }
    }
  }

  @Test func aParentPuttingBackTheSameChildOnDismissalIsStillDismissed() async {
    let store = TestStore(initialState: Stubborn.State(tally: Tally.State())) { Stubborn() }
    await store.send(.tally(.dismiss)) { $0.tally = nil }
  }

  /// Replaces its first child by a new one, once, when asked to dismiss it.
  @Reducer
  struct Replacer {
    static let firstID = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    struct State: Equatable {
      @PresentationState var tally: Tally.State? = Tally.State(id: Replacer.firstID)
    }
    enum Action: Equatable {
      case tally(PresentationAction<Tally.Action>)
    }
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .tally(.dismiss) = action, state.tally?.id == Self.firstID {
          state.tally = Tally.State(id: uuid())
        }
        return .none
      }
      .ifLet(\.$tally, action: \.tally) { Tally() }
    }
  }

  @Test func aParentReplacingTheChildOnDismissalKeepsTheNewOne() async {
    let store = TestStore(initialState: Replacer.State()) { Replacer() } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.tally(.dismiss)) { $0.tally = Tally.State(id: UUID(0)) }
    await store.send(.tally(.dismiss)) { $0.tally = nil }
  }

  /// A child whose action asks the parent, by another action, to take it away; and which can
  /// start work that never ends.
  @Reducer
  struct Leaver {
    struct State: Equatable {}
    enum Action: Equatable {
      case leave
      case pleaseRemoveMe
      case work
    }
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .leave:
          return .send(.pleaseRemoveMe)
        case .pleaseRemoveMe:
          return .none
        case .work:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  /// Removes its child when the child asks.
  @Reducer
  struct Remover {
    struct State: Equatable {
      @PresentationState var leaver: Leaver.State?
    }
    enum Action: Equatable {
      case leaver(PresentationAction<Leaver.Action>)
      case presentLeaver
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .leaver(.presented(.pleaseRemoveMe)):
          state.leaver = nil
          return .none
        case .leaver:
          return .none
        case .presentLeaver:
          state.leaver = Leaver.State()
          return .none
        }
      }
      .ifLet(\.$leaver, action: \.leaver) { Leaver() }
    }
  }

  @Test func aParentRemovingTheChildOnItsRequestCancelsTheChildsWork() async {
    let store = TestStore(initialState: Remover.State()) { Remover() }
    await store.send(.presentLeaver) { $0.leaver = Leaver.State() }
    await store.send(\.leaver.work)
    await store.send(\.leaver.leave)
    await store.receive(\.leaver.pleaseRemoveMe) { $0.leaver = nil }
  }

  /// A child that can dismiss itself, presented by a container that is itself scoped into.
  @Reducer
  struct Closer {
    struct State: Equatable {}
    enum Action: Equatable { case cancelTapped }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .run { _ in await dismiss() } }
    }
  }

  /// Presents a closer, but leaves it to its parent to open it.
  @Reducer
  struct Container {
    struct State: Equatable {
      @PresentationState var closer: Closer.State?
    }
    enum Action: Equatable {
      case closer(PresentationAction<Closer.Action>)
      case open
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.$closer, action: \.closer) { Closer() }
    }
  }

  /// Opens the container's closer from outside it.
  @Reducer
  struct Outer {
    struct State: Equatable {
      var container = Container.State()
    }
    enum Action: Equatable {
      case container(Container.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.container, action: \.container) { Container() }
      Reduce { state, action in
        if case .container(.open) = action {
          state.container.closer = Closer.State()
        }
        return .none
      }
    }
  }

  @Test func aChildPresentedAgainInsideAScopedContainerDismissesItselfAgain() async {
    let store = TestStore(initialState: Outer.State()) { Outer() }
    for _ in 1...2 {
      await store.send(.container(.open)) { $0.container.closer = Closer.State() }
      await store.send(\.container.closer.cancelTapped)
      await store.receive(\.container.closer.dismiss) { $0.container.closer = nil }
    }
  }

  /// Presents itself, to any depth.
  @Reducer
  struct Russian {
    struct State: Equatable {
      @PresentationState var inner: Russian.State?
    }
    enum Action {
      case closeTapped
      case inner(PresentationAction<Russian.Action>)
      case openTapped
    }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .inner:
          return .none
        case .openTapped:
          state.inner = State()
          return .none
        }
      }
      .ifLet(\.$inner, action: \.inner) { Self() }
    }
  }

  @Test func aFeaturePresentingItselfDismissesOnlyTheInnermost() async {
    let store = TestStore(initialState: Russian.State()) { Russian() }
    await store.send(\.openTapped) { $0.inner = Russian.State() }
    await store.send(\.inner.openTapped) { $0.inner?.inner = Russian.State() }
    await store.send(\.inner.inner.closeTapped)
    await store.receive(\.inner.inner.dismiss) { $0.inner?.inner = nil }
  }

  /// Counts how often its equality is asked.
  struct Costly: Equatable {
    nonisolated(unsafe) static var comparisons = 0
    static func == (lhs: Self, rhs: Self) -> Bool {
      comparisons += 1
      return true
    }
  }

  @Test func comparingAPresentationWithItselfSkipsItsState() {
    let presentation = PresentationState(wrappedValue: Costly())
    let copy = presentation
    #expect(presentation == copy)
    #expect(Costly.comparisons == 0)
    #expect(presentation == PresentationState(wrappedValue: Costly()))
    #expect(Costly.comparisons == 1)
  }

  /// Two kinds of value, for the case subscript.
  @CasePathable
  enum Either: Equatable {
    case number(Int)
    case word(String)
  }

  @Test func settingTheCaseSubscriptToNilDismisses() {
    var presentation = PresentationState<Either>(wrappedValue: .number(41))
    presentation[case: \.number]? += 1
    #expect(presentation.wrappedValue == .number(42))
    presentation[case: \.number] = nil
    #expect(presentation.wrappedValue == nil)
  }

  @Test func theCaseSubscriptRefusesChangesThroughAnotherCase() {
    var presentation = PresentationState<Either>(wrappedValue: .number(41))
    withKnownIssue {
      presentation[case: \.word]?.append("!")
    } matching: { $0.message.hasSuffix(#"Can't modify unrelated case "number""#) }
    withKnownIssue {
      presentation[case: \.word] = nil
    } matching: { $0.message.hasSuffix(#"Can't modify unrelated case "number""#) }
    #expect(presentation.wrappedValue == .number(41))
  }
}
