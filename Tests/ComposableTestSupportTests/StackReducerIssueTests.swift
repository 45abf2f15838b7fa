import ComposableTestSupport
import Testing

/// The issues `forEach` and the test store report about navigation stacks, word for word as
/// TCA's `StackReducerTests` expect them.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StackReducerIssueTests {
  /// A screen that hangs on work when tapped, or dismisses itself.
  @Reducer
  struct Card {
    struct State: Equatable {}
    enum Action: Equatable {
      case close
      case hang
    }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .close:
          return .run { _ in await dismiss() }
        case .hang:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  /// A stack of cards, and nothing else.
  @Reducer
  struct Deck {
    struct State: Equatable {
      var cards = StackState<Card.State>()
    }
    enum Action: Equatable {
      case cards(StackActionOf<Card>)
    }
    /// Where the `forEach` is, for the issues it reports.
    static let forEachLine: UInt = #line + 4

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.cards, action: \.cards) { Card() }
    }
  }

  /// A stack of plain numbers whose elements have no actions of their own.
  @Reducer
  struct Tape {
    struct State: Equatable {
      var path = StackState<Int>()
    }
    enum Action {
      case path(StackAction<Int, Void>)
    }
    /// Where the `forEach` is, for the issues it reports.
    static let forEachLine: UInt = #line + 4

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path) {}
    }
  }

  @Test func anActionForAMissingElementIsExplained() async {
    let store = TestStore(initialState: Tape.State(path: StackState([1]))) { Tape() }
    await withKnownIssue {
      await store.send(.path(.element(id: 999, action: ())))
    } matching: {
      $0.message.hasSuffix(
        """
        A "forEach" at "\(#fileID):\(Tape.forEachLine)" received an action for a missing element.

          Action:
            ()

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when \
        its state contains an element at this id. In SwiftUI applications, use \
        "NavigationStack.init(path:)" with a binding to a store.
        """
      )
    }
  }

  @Test func poppingAMissingElementListsTheIDs() async {
    let store = TestStore(initialState: Tape.State(path: StackState([1]))) { Tape() }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 999)))
    } matching: {
      $0.message.hasSuffix(
        """
        A "forEach" at "\(#fileID):\(Tape.forEachLine)" received a "popFrom" action for a \
        missing element.

          ID:
            #999
          Path IDs:
            [#0]
        """
      )
    }
  }

  @Test func pushingAnIDTheStackHoldsIsReported() async {
    let store = TestStore(initialState: Deck.State()) { Deck() }
    await store.send(.cards(.push(id: 0, state: Card.State()))) { $0.cards[id: 0] = Card.State() }
    await withKnownIssue {
      await store.send(.cards(.push(id: 0, state: Card.State())))
    } matching: {
      $0.message.hasSuffix(
        """
        A "forEach" at "\(#fileID):\(Deck.forEachLine)" received a "push" action for an \
        element it already contains.

          ID:
            #0
          Path IDs:
            [#0]
        """
      )
    }
  }

  @Test func pushingAnIDBeyondTheNextIsReported() async {
    let store = TestStore(initialState: Deck.State()) { Deck() }
    await withKnownIssue {
      await store.send(.cards(.push(id: 1, state: Card.State()))) { $0.cards[id: 1] = Card.State() }
    } matching: {
      $0.message.hasSuffix(
        """
        A "forEach" at "\(#fileID):\(Deck.forEachLine)" received a "push" action with an \
        unexpected generational ID.

          Received ID:
            #1
          Expected ID:
            #0
        """
      )
    }
  }

  // NB: The unchanged lines of a diff start with a figure space (U+2007), as custom-dump
  //     prints them.
  @Test func assertingAnotherIDShowsBothInTheDiff() async {
    let store = TestStore(initialState: Deck.State()) { Deck() }
    await withKnownIssue {
      await store.send(.cards(.push(id: 0, state: Card.State()))) { $0.cards[id: 1] = Card.State() }
    } matching: {
      $0.message.hasSuffix(
        """
        A state change does not match expectation.

              StackReducerIssueTests.Deck.State(
                cards: [
            −     #1: StackReducerIssueTests.Card.State()
            +     #0: StackReducerIssueTests.Card.State()
                ]
              )

        (Expected: −, Actual: +)
        """
      )
    }
  }

  // NB: The unchanged lines of a diff start with a figure space (U+2007), as custom-dump
  //     prints them.
  @Test func receivingAnotherPopThanTheDismissalShowsTheDiff() async {
    let store = TestStore(initialState: Deck.State(cards: StackState([Card.State()]))) { Deck() }
    await withKnownIssue {
      await store.send(\.cards[id: 0].close)
      await store.receive(.cards(.popFrom(id: 1))) { $0.cards = StackState() }
    } matching: {
      $0.message.hasSuffix(
        """
        Received unexpected action:

              StackReducerIssueTests.Deck.Action.cards(
            −   .popFrom(id: #1)
            +   .popFrom(id: #0)
              )

        (Expected: −, Received: +)
        """
      )
    }
  }

  @Test func aScreensWorkStillRunningFailsTheTest() async {
    let line: UInt = #line + 3
    await withKnownIssue {
      let store = TestStore(initialState: Deck.State(cards: StackState([Card.State()]))) { Deck() }
      await store.send(\.cards[id: 0].hang)
    } matching: { issue in
      issue.sourceLocation?.line == Int(line)
        && issue.message.hasPrefix("An effect returned for this action is still running.")
    }
  }
}
