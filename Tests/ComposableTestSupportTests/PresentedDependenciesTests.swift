import ComposableTestSupport
import Foundation
import Testing

/// A presented destination, and a screen of a stack, runs under the dependencies in force at each
/// of its actions, with `dismiss` set to dismiss it. A store's prepared presentation and stack
/// keep the values they made for the dependencies they last saw, so these pin what must not be
/// kept: dependencies changed between two actions, and a `dismiss` a destination set for itself,
/// which the destinations it presents in turn do not inherit.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentedDependenciesTests {
  /// Notes the id its dependencies make, and can close itself.
  @Reducer
  struct Reader {
    struct State: Equatable {
      var seen: UUID?
    }
    enum Action: Equatable {
      case closeTapped
      case read
    }
    @Dependency(\.dismiss) var dismiss
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .read:
          state.seen = uuid()
          return .none
        }
      }
    }
  }

  @Reducer
  struct Host {
    @ObservableState
    struct State: Equatable {
      @Presents var reader: Reader.State?
    }
    enum Action: Equatable {
      case reader(PresentationAction<Reader.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.$reader, action: \.reader) { Reader() }
    }
  }

  @Test func aDestinationRunsUnderTheDependenciesChangedBetweenItsActions() async {
    let store = TestStore(initialState: Host.State(reader: Reader.State())) {
      Host()
    } withDependencies: {
      $0.uuid = .constant(UUID(1))
    }
    await store.send(\.reader.read) { $0.reader?.seen = UUID(1) }
    store.dependencies.uuid = .constant(UUID(2))
    await store.send(\.reader.read) { $0.reader?.seen = UUID(2) }
    await store.send(\.reader.closeTapped)
    await store.receive(\.reader.dismiss) { $0.reader = nil }
  }

  /// Presents a reader, and dismisses itself its own way.
  @Reducer
  struct Middle {
    @ObservableState
    struct State: Equatable {
      @Presents var reader: Reader.State?
    }
    enum Action: Equatable {
      case closeTapped
      case reader(PresentationAction<Reader.Action>)
    }
    @Dependency(\.dismiss) var dismiss
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .reader:
          return .none
        }
      }
      .ifLet(\.$reader, action: \.reader) { Reader() }
    }
  }

  @Reducer
  struct Outer {
    @ObservableState
    struct State: Equatable {
      @Presents var middle: Middle.State?
    }
    enum Action: Equatable {
      case middle(PresentationAction<Middle.Action>)
    }
    let closes: LockIsolated<Int>
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.$middle, action: \.middle) {
          Middle()
            .dependency(\.dismiss, DismissEffect { [closes] in closes.withValue { $0 += 1 } })
        }
    }
  }

  @Test func aDestinationsOwnDismissIsNotTheOneItPresentsWith() async {
    let closes = LockIsolated(0)
    let store = TestStore(
      initialState: Outer.State(middle: Middle.State(reader: Reader.State()))
    ) {
      Outer(closes: closes)
    } withDependencies: {
      $0.uuid = .constant(UUID(0))
    }
    // NB: Twice each: the second of each runs on what the presentations kept from the first.
    for _ in 1...2 {
      await store.send(\.middle.closeTapped)
      await store.finish()
    }
    #expect(closes.value == 2)
    await store.send(\.middle.reader.read) { $0.middle?.reader?.seen = UUID(0) }
    await store.send(\.middle.reader.closeTapped)
    await store.receive(\.middle.reader.dismiss) { $0.middle?.reader = nil }
    #expect(closes.value == 2)
  }

  /// A stack of readers.
  @Reducer
  struct Stacking {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Reader.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Reader>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path) { Reader() }
    }
  }

  @Test func aScreenRunsUnderTheDependenciesChangedBetweenItsActions() async {
    let store = TestStore(initialState: Stacking.State(path: StackState([Reader.State()]))) {
      Stacking()
    } withDependencies: {
      $0.uuid = .constant(UUID(1))
    }
    await store.send(\.path[id: 0].read) { $0.path[id: 0]?.seen = UUID(1) }
    store.dependencies.uuid = .constant(UUID(2))
    await store.send(\.path[id: 0].read) { $0.path[id: 0]?.seen = UUID(2) }
    await store.send(\.path[id: 0].closeTapped)
    await store.receive(\.path.popFrom) { $0.path = StackState() }
  }

  /// A stack of screens that dismiss themselves their own way, each presenting a reader.
  @Reducer
  struct OuterStack {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Middle.State>()
    }
    enum Action: Equatable {
      case path(StackActionOf<Middle>)
    }
    let closes: LockIsolated<Int>
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path) {
          Middle()
            .dependency(\.dismiss, DismissEffect { [closes] in closes.withValue { $0 += 1 } })
        }
    }
  }

  @Test func aScreensOwnDismissIsNotTheOneItPresentsWith() async {
    let closes = LockIsolated(0)
    let store = TestStore(
      initialState: OuterStack.State(path: StackState([Middle.State(reader: Reader.State())]))
    ) {
      OuterStack(closes: closes)
    } withDependencies: {
      $0.uuid = .constant(UUID(0))
    }
    // NB: Twice each: the second of each runs on what the stack kept from the first.
    for _ in 1...2 {
      await store.send(\.path[id: 0].closeTapped)
      await store.finish()
    }
    #expect(closes.value == 2)
    await store.send(\.path[id: 0].reader.read) { $0.path[id: 0]?.reader?.seen = UUID(0) }
    await store.send(\.path[id: 0].reader.closeTapped)
    await store.receive(\.path[id: 0].reader.dismiss) { $0.path[id: 0]?.reader = nil }
    #expect(closes.value == 2)
  }
}
