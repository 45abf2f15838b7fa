import ComposableCore
import Foundation
import Testing

/// A store scoped by closures cannot cache its children: each scope of it, or of a store scoped
/// from it, makes a new store, and the scopes a view observes (optional state, an identified
/// array) report it, with TCA's message, at the scope's source. Stores scoped by key paths cache
/// and report nothing.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UncachedScopeTests {
  @Test @available(*, deprecated)
  func anOptionalScopeOfAStoreScopedByClosuresIsReportedWhereItIsMade() {
    let store = StoreOf<Outline>(initialState: Outline.State(child: Outline.State())) {
      Outline()
    }
    let uncached = store.scope(state: { $0 }, action: { $0 })
    let line = #line + 2
    withKnownIssue {
      _ = uncached.scope(\.child, action: \.child.presented)?.send(.show)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == "Scoping from uncached 'StoreOf<Outline>' " + uncachedMessageEnding
        && issue.sourceLocation?.fileID == #fileID
        && issue.sourceLocation?.line == line
    }
    #expect(store.child?.child != nil)
  }

  @Test @available(*, deprecated)
  func theOlderSpellingAndTheIdentifiedArraysScopesReportItToo() {
    let store = StoreOf<Outline>(initialState: Outline.State(rows: [Outline.State(id: 1)])) {
      Outline()
    }
    let uncached = store.scope(state: { $0 }, action: { $0 })
    withKnownIssue {
      _ = uncached.scope(state: \.child, action: \.child.presented)?.send(.show)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Scoping from uncached 'StoreOf<Outline>' ")
    }
    withKnownIssue {
      let rows = Array(uncached.scope(\.rows, action: \.rows))
      rows[0].send(.show)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Scoping from uncached 'StoreOf<Outline>' ")
    }
    withKnownIssue {
      _ = Array(uncached.scope(state: \.rows, action: \.rows))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Scoping from uncached 'StoreOf<Outline>' ")
    }
    #expect(store.rows[id: 1]?.child != nil)
  }

  @Test func scopesOfStoresScopedByKeyPathsReportNothing() {
    let store = StoreOf<Outline>(
      initialState: Outline.State(child: Outline.State(), rows: [Outline.State(id: 1)])
    ) {
      Outline()
    }
    store.scope(\.self, action: \.self).scope(\.child, action: \.child.presented)?.send(.show)
    Array(store.scope(\.self, action: \.self).scope(\.rows, action: \.rows))[0].send(.show)
    #expect(store.child?.child != nil)
    #expect(store.rows[id: 1]?.child != nil)
  }

  @Test @available(*, deprecated)
  func aStoreScopedByClosuresMakesANewChildAtEachScope() {
    let store = StoreOf<Outline>(initialState: Outline.State(child: Outline.State())) {
      Outline()
    }
    let cached = store.scope(\.self, action: \.self)
    #expect(cached === store.scope(\.self, action: \.self))
    #expect(cached.scope(\.self, action: \.self) === cached.scope(\.self, action: \.self))

    let uncached = store.scope(state: { $0 }, action: { $0 })
    #expect(uncached.scope(\.self, action: \.self) !== uncached.scope(\.self, action: \.self))
    let scopedFromUncached = uncached.scope(\.self, action: \.self)
    #expect(
      scopedFromUncached.scope(\.self, action: \.self)
        !== scopedFromUncached.scope(\.self, action: \.self)
    )
    var first, second: Store<Outline.State, Outline.Action>?
    withKnownIssue {
      first = uncached.scope(\.child, action: \.child.presented)
      second = uncached.scope(\.child, action: \.child.presented)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("Scoping from uncached 'StoreOf<Outline>' ")
    }
    #expect(first != nil && first !== second)
  }

  @Test @available(*, deprecated)
  func aStoreScopedFromAnUncachedStoreOutlivesIt() {
    let store = StoreOf<Outline>(initialState: Outline.State(child: Outline.State())) {
      Outline()
    }
    var uncached: StoreOf<Outline>? = store.scope(state: { $0 }, action: { $0 })
    let child = uncached!.scope(\.self, action: \.self)
    child.send(.child(.presented(.show)))
    #expect(store.child?.child != nil)
    uncached = nil
    child.send(.child(.presented(.child(.dismiss))))
    #expect(store.child?.child == nil)
    #expect(child.state == store.state)
  }

  @Test @available(*, deprecated)
  func aChainOfScopesHoldsItsRootWhoseStoreIsGone() {
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    .scope(state: { "\($0)" }, action: { $0 })
    .scope(state: { Int($0)! }, action: { $0 })
    store.send(())
    store.send(())
    #expect(store.withState { $0 } == 2)
  }

  @Test @available(*, deprecated)
  func anEffectOfAnUncachedStoreRunsOnOnceTheStoreIsGone() async {
    let store = StoreOf<Outline>(initialState: Outline.State()) {
      Outline()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    var task: StoreTask?
    do {
      let uncached = store.scope(state: { $0 }, action: { $0 })
      task = uncached.send(.showLater)
    }
    await task?.finish()
    #expect(store.child != nil)
  }
}

/// How TCA's message for a scope of an uncached store ends, after the store's name.
private let uncachedMessageEnding = """
  is not compatible with observation.

  This can happen for one of two reasons:

  1. A parent view scopes on a store using transform functions, which has been deprecated, \
  instead of with key paths and case paths. Read the migration guide for 1.5 to update these \
  scopes: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5

  2. A parent feature is using deprecated navigation APIs, such as 'IfLetStore', \
  'SwitchStore', 'ForEachStore', or any navigation view modifiers taking stores instead of \
  bindings. Read the migration guide for 1.7 to update those APIs: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7
  """

/// A feature that presents itself and lists itself: each level can show a child.
@Reducer
private struct Outline {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    @Presents var child: Outline.State?
    var rows: IdentifiedArrayOf<Outline.State> = []
  }
  indirect enum Action {
    case child(PresentationAction<Outline.Action>)
    case rows(IdentifiedActionOf<Outline>)
    case show
    case showLater
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show:
        state.child = Outline.State()
        return .none
      case .showLater:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.show)
        }
      case .child, .rows:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Outline() }
    .forEach(\.rows, action: \.rows) { Outline() }
  }
}
