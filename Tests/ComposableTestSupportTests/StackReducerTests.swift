import ComposableTestSupport
import Testing

/// Pushing, popping and the work of screens in a navigation stack, after TCA's
/// `StackReducerTests`: the cases `StackTests` leaves out.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StackReducerTests {
  /// A screen that can hang on work, answer a tap after `count` seconds, stop answering, and
  /// close itself now or after `count` seconds.
  @Reducer
  struct Page {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case answer(Int)
      case appeared
      case closeLater
      case closeTapped
      case stop
      case tap
    }
    enum CancelID { case answer }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .answer(let value):
          state.count = value
          return .none
        case .appeared:
          return .run { _ in try await Task.never() }
        case .closeLater:
          return .run { [count = state.count] _ in
            try await clock.sleep(for: .seconds(count))
            await dismiss()
          }
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .stop:
          return .cancel(id: CancelID.answer)
        case .tap:
          return .run { [count = state.count] send in
            try await clock.sleep(for: .seconds(count))
            await send(.answer(42))
          }
          .cancellable(id: CancelID.answer)
        }
      }
    }
  }

  /// A stack of pages.
  @Reducer
  struct Book {
    struct State: Equatable {
      var path = StackState<Page.State>()
    }
    enum Action: Equatable {
      case append
      case path(StackActionOf<Page>)
      case popLast
      case popToRoot
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .append:
          state.path.append(Page.State())
          return .none
        case .path:
          return .none
        case .popLast:
          state.path.removeLast()
          return .none
        case .popToRoot:
          state.path.removeAll()
          return .none
        }
      }
      .forEach(\.path, action: \.path) { Page() }
    }
  }

  @Test func poppingFromTheParentCancelsTheScreensWork() async {
    let store = TestStore(initialState: Book.State()) { Book() }
    await store.send(.append) { $0.path.append(Page.State()) }
    await store.send(\.path[id: 0].appeared)
    await store.send(.popLast) { $0.path.removeLast() }
  }

  @Test func aScreenDismissingItselfCancelsItsWork() async {
    let store = TestStore(initialState: Book.State()) { Book() }
    await store.send(.append) { $0.path.append(Page.State()) }
    await store.send(\.path[id: 0].appeared)
    await store.send(\.path[id: 0].closeTapped)
    await store.receive(\.path.popFrom, 0) { $0.path.removeLast() }
  }

  @Test func poppingToTheRootCancelsEveryScreensWork() async {
    let store = TestStore(initialState: Book.State()) { Book() }
    await store.send(.append) { $0.path.append(Page.State()) }
    await store.send(\.path[id: 0].appeared)
    await store.send(.append) { $0.path.append(Page.State()) }
    await store.send(\.path[id: 1].appeared)
    await store.send(.popToRoot) { $0.path.removeAll() }
  }

  @Test func poppingAScreenByIDCancelsItsWork() async {
    let store = TestStore(initialState: Book.State(path: StackState([Page.State()]))) { Book() }
    await store.send(\.path[id: 0].appeared)
    await store.send(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }

  @Test func aScreenInTheInitialStackCanDismissItself() async {
    var path = StackState<Page.State>()
    path.append(Page.State())
    let store = TestStore(initialState: Book.State(path: path)) { Book() }
    await store.send(\.path[id: 0].closeTapped)
    await store.receive(\.path.popFrom, 0) { $0.path.removeAll() }
  }

  @Test func anIntermediateScreenDismissingItselfPopsTheScreensAbove() async {
    let clock = TestClock()
    let store = TestStore(initialState: Book.State()) { Book() } withDependencies: {
      $0.continuousClock = clock
    }
    for (id, count) in zip([0, 1, 2] as [StackElementID], [2, 1, 2]) {
      await store.send(.path(.push(id: id, state: Page.State(count: count)))) {
        $0.path[id: id] = Page.State(count: count)
      }
      await store.send(\.path[id: id].closeLater)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path.popFrom, 1) { $0.path.removeLast(2) }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func eachScreensEffectAnswersThatScreen() async {
    let clock = TestClock()
    let initialState = Book.State(path: StackState([Page.State(count: 1), Page.State(count: 2)]))
    let store = TestStore(initialState: initialState) { Book() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 0].tap)
    await store.send(\.path[id: 1].tap)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].answer) { $0.path[id: 0]?.count = 42 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].answer) { $0.path[id: 1]?.count = 42 }
  }

  @Test func pushesFromOutsideAndAppendsShareOneSequenceOfIDs() async {
    let store = TestStore(initialState: Book.State()) { Book() }
    await store.send(.path(.push(id: 0, state: Page.State()))) { $0.path[id: 0] = Page.State() }
    await store.send(.append) { $0.path[id: 1] = Page.State() }
    await store.send(.path(.push(id: 2, state: Page.State()))) { $0.path[id: 2] = Page.State() }
    await store.send(.append) { $0.path[id: 3] = Page.State() }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    // An id from before is not new, but the stack no longer holds it: it may be pushed again.
    await store.send(.path(.push(id: 0, state: Page.State()))) { $0.path[id: 0] = Page.State() }
  }

  /// Two kinds of page in one stack.
  @Reducer
  enum Chapter {
    case first(Page)
    case second(Page)
  }

  /// A stack of pages of either kind.
  @Reducer
  struct Anthology {
    struct State: Equatable {
      var path = StackState<Chapter.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Chapter>)
      case pushFirst
      case pushSecond
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path:
          return .none
        case .pushFirst:
          state.path.append(.first(Page.State()))
          return .none
        case .pushSecond:
          state.path.append(.second(Page.State()))
          return .none
        }
      }
      .forEach(\.path, action: \.path)
    }
  }

  @Test func poppingScreensOfEitherKindCancelsTheirWork() async {
    let store = TestStore(initialState: Anthology.State()) { Anthology() }
    await store.send(.pushFirst) { $0.path.append(.first(Page.State())) }
    await store.send(\.path[id: 0].first.appeared)
    await store.send(.pushSecond) { $0.path.append(.second(Page.State())) }
    await store.send(\.path[id: 1].second.appeared)
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aScreenCannotCancelItsSiblingsWork() async {
    let clock = TestClock()
    var path = StackState<Chapter.State>()
    path.append(.first(Page.State(count: 1)))
    path.append(.second(Page.State(count: 1)))
    let store = TestStore(initialState: Anthology.State(path: path)) { Anthology() } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(\.path[id: 0].first.tap)
    await store.send(\.path[id: 1].second.tap)
    await store.send(\.path[id: 0].first.stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].second.answer) { $0.path[id: 1, case: \.second]?.count = 42 }

    await store.send(\.path[id: 0].first.tap)
    await store.send(\.path[id: 1].second.tap)
    await store.send(\.path[id: 1].second.stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].first.answer) { $0.path[id: 0, case: \.first]?.count = 42 }
  }

  /// Answers a tap with its own delay, after waiting that many seconds.
  @Reducer
  struct Courier {
    let delay: Int
    struct State: Equatable { var total = 0 }
    enum Action: Equatable {
      case delivered(Int)
      case tap
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .delivered(let value):
          state.total += value
          return .none
        case .tap:
          return .run { [delay] send in
            try await clock.sleep(for: .seconds(delay))
            await send(.delivered(delay))
          }
        }
      }
    }
  }

  /// A fast courier or a slow one.
  struct Route: Reducer {
    @CasePathable
    enum State: Equatable {
      case fast(Courier.State)
      case slow(Courier.State)
    }
    @CasePathable
    enum Action: Equatable {
      case fast(Courier.Action)
      case slow(Courier.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.fast, action: \.fast) { Courier(delay: 1) }
      Scope(state: \.slow, action: \.slow) { Courier(delay: 2) }
    }
  }

  /// A stack of couriers, whose bottom one can be taken away.
  @Reducer
  struct Depot {
    struct State: Equatable {
      var path = StackState<Route.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Route>)
      case removeBottom
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeBottom = action {
          state.path[id: state.path.ids[0]] = nil
        }
        return .none
      }
      .forEach(\.path, action: \.path) { Route() }
    }
  }

  @Test func anEffectAnswersTheScreenThatStartedItAfterScreensBelowAreGone() async {
    let clock = TestClock()
    let initialState = Depot.State(path: StackState([.fast(Courier.State()), .slow(Courier.State())]))
    let store = TestStore(initialState: initialState) { Depot() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 0].fast.tap)
    await store.send(\.path[id: 1].slow.tap)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].fast.delivered) { $0.path[id: 0, case: \.fast]?.total = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].slow.delivered) { $0.path[id: 1, case: \.slow]?.total = 2 }

    await store.send(\.path[id: 0].fast.tap)
    await store.send(\.path[id: 1].slow.tap)
    await store.send(.removeBottom) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 1].slow.delivered) { $0.path[id: 1, case: \.slow]?.total = 4 }
    await store.send(.removeBottom) { $0.path[id: 1] = nil }
  }

  /// Appends a number, and another in answer to it.
  @Reducer
  struct Numbers {
    struct State: Equatable {
      var path = StackState<Int>()
    }
    enum Action: Equatable {
      case appendOne
      case appendTwo
      case path(StackAction<Int, Never>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .appendOne:
          state.path.append(1)
          return .send(.appendTwo)
        case .appendTwo:
          state.path.append(2)
          return .none
        case .path:
          return .none
        }
      }
      .forEach(\.path, action: \.path) {}
    }
  }

  @Test func anAssertionDrawingIDsLeavesTheStoresIDsAlone() async {
    let store = TestStore(initialState: Numbers.State()) { Numbers() }
    await store.send(.appendOne) {
      $0.path[id: 0] = 1
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.receive(\.appendTwo) {
      $0.path[id: 1] = 2
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.send(.appendOne) { $0.path[id: 2] = 1 }
    await store.receive(\.appendTwo) { $0.path[id: 3] = 2 }
  }

  /// Two kinds of value, for the case subscript.
  @CasePathable
  enum Either: Equatable {
    case number(Int)
    case word(String)
  }

  @Test func theCaseSubscriptModifiesAndPops() {
    var stack = StackState<Either>([.number(41)])
    stack[id: 0, case: \.number]? += 1
    #expect(stack[id: 0] == .number(42))
    stack[id: 0, case: \.number] = nil
    #expect(stack.isEmpty)
  }

  @Test func theCaseSubscriptRefusesChangesThroughAnotherCase() {
    var stack = StackState<Either>([.number(41)])
    withKnownIssue {
      stack[id: 0, case: \.word]?.append("!")
    } matching: { $0.message.hasSuffix(#"Can't modify unrelated case "number""#) }
    withKnownIssue {
      stack[id: 0, case: \.word] = nil
    } matching: { $0.message.hasSuffix(#"Can't modify unrelated case "number""#) }
    #expect(Array(stack) == [.number(41)])
  }

  @Test func elementIDsDescribeThemselvesAndCountPerContext() {
    @Dependency(\.stackElementID) var stackElementID
    #expect(stackElementID.peek().generation == 0)
    #expect(stackElementID.next().customDumpDescription == "#0")
    #expect(stackElementID.peek().generation == 1)
    #expect(stackElementID.next().customDumpDescription == "#1")
    withDependencies {
      $0.context = .live
    } operation: {
      #expect(stackElementID.next().customDumpDescription == "#0")
      #expect(stackElementID.next().customDumpDescription == "#1")
    }
  }
}

extension StackReducerTests.Chapter.State: Equatable {}
extension StackReducerTests.Chapter.Action: Equatable {}
