@testable import ComposableCore
import Dependencies
import Foundation
import Testing

/// A store builds its reducer's tree once (`Reducer._prepare()`), and its children's trees
/// when their first action arrives; what the reducers read when they run is still read for
/// every action.
@MainActor
struct PreparedReducerTests {
  @Test func aStoreEvaluatesItsReducersBodyOnce() {
    let counter = BodyCounter()
    let store = Store(initialState: Nest.State(depth: 1)) { Nest(counter: counter) }
    store.send(.tap)
    store.send(.tap)
    store.send(.tap)
    #expect(store.state.count == 3)
    #expect(counter.evaluations == 1)
  }

  @Test func aChildOfItsOwnKindIsPreparedWhenItsFirstActionArrives() {
    let counter = BodyCounter()
    let store = Store(initialState: Nest.State(depth: 3)) { Nest(counter: counter) }
    store.send(.tap)
    #expect(counter.evaluations == 1)
    store.send(.child(.tap))
    store.send(.child(.tap))
    #expect(counter.evaluations == 2)
    store.send(.child(.child(.tap)))
    store.send(.child(.child(.child(.tap))))
    store.send(.child(.child(.child(.tap))))
    #expect(counter.evaluations == 4)
    #expect(store.state.count == 1)
    #expect(store.state.child?.count == 2)
    #expect(store.state.child?.child?.count == 1)
    #expect(store.state.child?.child?.child?.count == 2)
  }

  @Test func aDependencyOverrideIsInForceEveryTimeThePreparedReducerRuns() {
    let store = Store(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    store.send(.stamp)
    #expect(store.state.stamps == [1])

    let overridden = Store(initialState: Stamp.State()) {
      Stamp().dependency(\.date, .constant(Date(timeIntervalSince1970: 2)))
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    overridden.send(.stamp)
    overridden.send(.stamp)
    #expect(overridden.state.stamps == [2, 2])
  }

  @Test func aCaseKeyPathToOneCaseTurnsOtherCasesAwayByTag() {
    let path = PreparedCasePath(\Nest.Action.Cases.child)
    for _ in 1...5 {
      #expect(path.extract(from: .tap) == nil)
    }
    #expect(path.isSortingByTag)
    #expect(path.extract(from: .child(.tap)) == .tap)
    #expect(path.extract(from: .child(.child(.tap))) == .child(.tap))
    #expect(path.extract(from: .tap) == nil)
  }

  @Test func aLongerCaseKeyPathIsNeverSortedByTag() {
    // NB: `.outer(.other)` has the outer case of `\.outer.inner` but no value for it, so
    //     the outer tag alone cannot decide.
    let path = PreparedCasePath(\Layered.Cases.outer.inner)
    for _ in 1...5 {
      #expect(path.extract(from: .outer(.other)) == nil)
    }
    #expect(!path.isSortingByTag)
    #expect(path.extract(from: .outer(.inner(7))) == 7)
    #expect(path.extract(from: .top) == nil)
  }

  @Test func aCaseKeyPathTwoCasesDeepGoesALevelAtATime() {
    let path = PreparedCasePath(\Layered.Cases.outer.inner)
    for _ in 1...5 {
      #expect(path.extract(from: .outer(.other)) == nil)
    }
    #expect(path.isComposed)
    #expect(path.extract(from: .outer(.inner(7))) == 7)
    #expect(path.extract(from: .outer(.other)) == nil)
    #expect(path.extract(from: .top) == nil)
    #expect(path.embed(8) == .outer(.inner(8)))
    #expect(path.extract(from: path.embed(9)) == 9)
  }

  @Test func aPresentedChildsPathGoesALevelAtATime() {
    let path = PreparedCasePath(\Presenting.Cases.child.presented)
    for _ in 1...5 {
      #expect(path.embed(.other) == .child(.presented(.other)))
    }
    #expect(path.isPresentedChildsPath && !path.isComposed)
    #expect(path.embed(.inner(3)) == .child(.presented(.inner(3))))
    #expect(path.extract(from: .child(.presented(.inner(4)))) == .inner(4))
    #expect(path.extract(from: .child(.dismiss)) == nil)
    #expect(path.extract(from: .top) == nil)
  }

  @Test func aPresentedChildsPathBehindAnIndirectCaseGoesALevelAtATime() {
    let path = PreparedCasePath(\Presenting.Cases.recursive.presented)
    for _ in 1...5 {
      #expect(path.extract(from: .top) == nil)
    }
    #expect(path.isPresentedChildsPath)
    #expect(path.embed(.top) == .recursive(.presented(.top)))
    #expect(path.embed(path.embed(.top)) == .recursive(.presented(.recursive(.presented(.top)))))
    #expect(path.extract(from: .recursive(.presented(.child(.dismiss)))) == .child(.dismiss))
    #expect(path.extract(from: path.embed(.deep(.top))) == .deep(.top))
    #expect(path.extract(from: .recursive(.dismiss)) == nil)
    #expect(path.extract(from: .child(.presented(.other))) == nil)
  }

  @Test func aPathThroughAPayloadsDynamicMemberOrThreeCasesDeepKeepsTheGeneralPath() {
    // NB: `\.child.inner` reaches the child's case through the presentation's dynamic member,
    //     not through `presented`; `\.deep.outer.inner` is three cases deep.
    let throughMember = PreparedCasePath(\Presenting.Cases.child.inner)
    let threeDeep = PreparedCasePath(\Presenting.Cases.deep.outer.inner)
    for _ in 1...5 {
      #expect(throughMember.extract(from: .top) == nil)
      #expect(threeDeep.extract(from: .top) == nil)
    }
    #expect(!throughMember.isComposed && !throughMember.isSortingByTag)
    #expect(!threeDeep.isComposed && !threeDeep.isSortingByTag)
    #expect(throughMember.extract(from: .child(.presented(.inner(5)))) == 5)
    #expect(throughMember.extract(from: .child(.presented(.other))) == nil)
    #expect(throughMember.embed(6) == .child(.presented(.inner(6))))
    #expect(threeDeep.extract(from: .deep(.outer(.inner(7)))) == 7)
    #expect(threeDeep.extract(from: .deep(.outer(.other))) == nil)
    #expect(threeDeep.embed(8) == .deep(.outer(.inner(8))))
  }

  @Test func aScopeOnALongerCaseKeyPathRoutesEveryAction() {
    let store = Store(initialState: 0) {
      Scope(state: \.self, action: \Layered.Cases.outer.inner) {
        Reduce<Int, Int> { state, value in
          state += value
          return .none
        }
      }
    }
    for value in 1...6 {
      store.send(.outer(.other))
      store.send(.outer(.inner(value)))
      store.send(.top)
    }
    #expect(store.state == 21)
  }
}

/// Counts how often a reducer's `body` is evaluated.
final class BodyCounter {
  var evaluations = 0
}

/// A feature with a child of its own kind, whose body counts its evaluations.
struct Nest: Reducer {
  struct State: Equatable {
    var count = 0
    private var box: Box?

    /// The child, kept in a box as `@Presents` keeps one (a struct cannot hold itself).
    var child: State? {
      get { box?.state }
      set { box = newValue.map(Box.init) }
    }

    init(depth: Int) {
      if depth > 0 { child = State(depth: depth - 1) }
    }
  }

  final class Box: Equatable {
    let state: State
    init(_ state: State) { self.state = state }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.state == rhs.state }
  }

  @CasePathable
  indirect enum Action: Equatable {
    case child(Action)
    case tap
  }

  let counter: BodyCounter

  var body: some ReducerOf<Self> {
    let _ = counter.evaluations += 1
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
    .ifLet(\.child, action: \.child) { Nest(counter: counter) }
  }
}

/// Records the date in force each time it runs.
struct Stamp: Reducer {
  struct State: Equatable { var stamps: [TimeInterval] = [] }
  enum Action { case stamp }
  @Dependency(\.date.now) var now

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamps.append(now.timeIntervalSince1970)
    return .none
  }
}

/// Actions two cases deep, for a case key path of two components.
@CasePathable
enum Layered: Equatable {
  case outer(Inner)
  case top

  @CasePathable
  enum Inner: Equatable {
    case inner(Int)
    case other
  }
}

/// A presentation of `Layered.Inner`'s actions, one of its own kind behind an `indirect` case,
/// and `Layered` one case deeper.
@CasePathable
enum Presenting: Equatable {
  case child(PresentationAction<Layered.Inner>)
  indirect case recursive(PresentationAction<Presenting>)
  case deep(Layered)
  case top
}
