import ComposableTestSupport
import Foundation
import Testing

/// A presented destination runs under the dependencies in force at each of its actions, with
/// `dismiss` set to dismiss it. A store's prepared presentation keeps the values it made for
/// the dependencies it last saw, so these pin what must not be kept: dependencies changed
/// between two actions, and a `dismiss` a destination set for itself, which the destinations it
/// presents in turn do not inherit.
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
}
