import Benchmark
import BenchmarkSupport
import ComposableCore

// The floors the store figures are divided by: the same work written by hand, with no framework.
// Each is measured in the same run as the figures it is the floor of (`Tools/bench`'s report).

/// A store written by hand for `Feature`, as an app without the architecture would: on the main
/// actor, its state, a buffer for what is sent while an action is processed, and one observer
/// told after each send. The floor of a root `Store.send`.
@MainActor
final class NaiveStore {
  private(set) var state: Feature.State
  private var buffer: [Feature.Action] = []
  private var isSending = false
  /// Told after each send.
  var observer: (() -> Void)?

  init(state: Feature.State) {
    self.state = state
  }

  /// Runs `action` and what was sent meanwhile, then tells the observer.
  func send(_ action: Feature.Action) {
    guard !isSending else {
      buffer.append(action)
      return
    }
    isSending = true
    embedOpaquely(&state, action)
    while !buffer.isEmpty {
      embedOpaquely(&state, buffer.removeFirst())
    }
    isSending = false
    observer?()
  }
}

/// `Feature`'s logic reached through as many hand-written embeddings as `action` is deep: at each
/// level the child's state by its key path, its action by its case, as `ifLet` embeds a child.
/// The floor of a send to a scoped child store.
@inline(never)
func embedOpaquely(_ state: inout Feature.State, _ action: Feature.Action) {
  switch action {
  case .tap:
    state.count &+= 1
  case .child(let childAction):
    guard var child = state[keyPath: \.child] else { return }
    // NB: The parent lets go of its child first, so that the child's storage is changed in
    //     place, as `ifLet` changes it.
    state[keyPath: \.child] = nil
    embedOpaquely(&child, childAction)
    state[keyPath: \.child] = child
  }
}

/// An action for the child `depth` levels down.
func nested(_ action: Feature.Action, depth: Int) -> Feature.Action {
  (0..<depth).reduce(action) { action, _ in .child(action) }
}

/// What a child store is found by in a cache of scoped stores: the state's key path and the
/// action's case path. The floor of a scope to a child store already made.
struct ScopeKey: Hashable, @unchecked Sendable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}

let floors: @Sendable () -> Void = {
  Benchmark.onMainActor("Floor.NaiveStore.Send", configuration: .micro()) { benchmark in
    let store = NaiveStore(state: Feature.State(depth: 1))
    var observed = 0
    store.observer = { observed = store.state.count }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(observed == benchmark.scaledIterations.count)
  }

  for depth in [1, 10] {
    Benchmark.onMainActor("Floor.Embedded.Send(\(depth))", configuration: .micro()) { benchmark in
      let store = NaiveStore(state: Feature.State(depth: depth))
      let action = nested(.tap, depth: depth)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(action)
      }
      benchmark.stopMeasurement()
      var state: Feature.State? = store.state
      for _ in 0..<depth { state = state?.child }
      precondition(state?.count == benchmark.scaledIterations.count)
    }
  }

  Benchmark("Floor.Dictionary.Lookup", configuration: .micro(.mega)) { benchmark in
    let key = ScopeKey(state: \Feature.State.child, action: \Feature.Action.Cases.child)
    // NB: A cache holding a few children, as a parent with a few scopes has.
    let cache: [ScopeKey: AnyObject] = [
      key: Cached(),
      ScopeKey(state: \Feature.State.count, action: \Feature.Action.Cases.tap): Cached(),
      ScopeKey(state: \Feature.State.child, action: \Feature.Action.Cases.tap): Cached(),
    ]
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(cache[key])
    }
    benchmark.stopMeasurement()
  }

  // NB: The same look-up with its key made from the literals a call to `scope` spells, as
  //     `Store.Scope` makes it at every call: `\.child` names a case through `Case`'s dynamic
  //     member subscript, whose argument makes the runtime build the key path at every use.
  Benchmark("Floor.Dictionary.LookupByLiterals", configuration: .micro(.mega)) { benchmark in
    let cache: [ScopeKey: AnyObject] = [
      ScopeKey(state: \Feature.State.child!, action: \Case<Feature.Action>.child): Cached(),
      ScopeKey(state: \Feature.State.count, action: \Case<Feature.Action>.tap): Cached(),
    ]
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(cache[ScopeKey(state: \Feature.State.child!, action: \Case<Feature.Action>.child)])
    }
    benchmark.stopMeasurement()
    precondition(cache[ScopeKey(state: \Feature.State.child!, action: \Case<Feature.Action>.child)] != nil)
  }
}

/// What a cache of scoped stores holds: an object.
final class Cached {}
