import AppFeature
import Benchmark
import BenchmarkSupport
import ComposableCore
import Dependencies
import Foundation
import Persistence

let benchmarks: @Sendable () -> Void = {
  // MARK: The floors: a store, its embeddings and its cache written by hand (Floors.swift)

  floors()

  // MARK: The floor: the feature's logic alone, on a local state

  Benchmark("Reducer.Switch", configuration: .micro(.mega)) { benchmark in
    var state = Feature.State(depth: 1)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      switchOpaquely(&state, .tap)
    }
    benchmark.stopMeasurement()
    blackHole(state.count)
  }

  // MARK: The framework's reducer, without a store

  Benchmark("Reducer.Prepared", configuration: .micro(.mega)) { benchmark in
    let reducer = Feature()._prepare()
    var state = Feature.State(depth: 1)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reducePreparedOpaquely(reducer, &state, .tap)
    }
    benchmark.stopMeasurement()
    blackHole(state.count)
  }

  Benchmark("Reducer.Direct", configuration: .micro(.mega)) { benchmark in
    let reducer = Feature()
    var state = Feature.State(depth: 1)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      reduceOpaquely(reducer, &state, .tap)
    }
    benchmark.stopMeasurement()
    blackHole(state.count)
  }

  // MARK: One level: Store.*

  Benchmark.onMainActor("Store.Scope", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 1)) { Feature() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(store.scope(state: \.child!, action: \.child))
    }
    benchmark.stopMeasurement()
  }

  Benchmark.onMainActor("Store.Send", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 1)) { Feature() }
    let observer = SendObserver(store, observe: \.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(observer.state == benchmark.scaledIterations.count)
  }

  Benchmark.onMainActor("Store.Access", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 1)) { Feature() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(store.state.count)
    }
    benchmark.stopMeasurement()
  }

  // MARK: Ten levels: NestedStore.*

  Benchmark.onMainActor("NestedStore.Scope", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 10)) { Feature() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(innermost(of: store))
    }
    benchmark.stopMeasurement()
  }

  Benchmark.onMainActor("NestedStore.Send", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 10)) { Feature() }
    let observer = SendObserver(store, observe: \.count)
    let child = innermost(of: store)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      child.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(child.state.count == benchmark.scaledIterations.count && observer.state == 0)
  }

  Benchmark.onMainActor("NestedStore.RootSend", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 10)) { Feature() }
    let observer = SendObserver(store, observe: \.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(observer.state == benchmark.scaledIterations.count)
  }

  Benchmark.onMainActor("NestedStore.NestedSend(1)", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 10)) { Feature() }
    let observer = SendObserver(store, observe: \.count)
    let child = store.scope(state: \.child!, action: \.child)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      child.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(child.state.count == benchmark.scaledIterations.count && observer.state == 0)
  }

  Benchmark.onMainActor("NestedStore.Access", configuration: .micro()) { benchmark in
    let store = Store(initialState: Feature.State(depth: 10)) { Feature() }
    let child = innermost(of: store)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(child.state.count)
    }
    benchmark.stopMeasurement()
  }

  // MARK: The same levels as TCA writes them today: PresentedStore.*

  Benchmark.onMainActor("PresentedStore.Send", configuration: .micro()) { benchmark in
    let store = Store(initialState: PresentedLevel.State(depth: 1)) { PresentedLevel() }
    let observer = SendObserver(store, observe: \.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(observer.state == benchmark.scaledIterations.count)
  }

  Benchmark.onMainActor("PresentedStore.NestedSend(1)", configuration: .micro()) { benchmark in
    let store = Store(initialState: PresentedLevel.State(depth: 10)) { PresentedLevel() }
    let observer = SendObserver(store, observe: \.count)
    let child = store.scope(state: \.child, action: \.child.presented)!
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      child.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(child.count == benchmark.scaledIterations.count && observer.state == 0)
  }

  Benchmark.onMainActor("PresentedStore.NestedSend(10)", configuration: .micro()) { benchmark in
    let store = Store(initialState: PresentedLevel.State(depth: 10)) { PresentedLevel() }
    let observer = SendObserver(store, observe: \.count)
    let child = innermost(of: store)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      child.send(.tap)
    }
    benchmark.stopMeasurement()
    precondition(child.count == benchmark.scaledIterations.count && observer.state == 0)
  }

  // MARK: Collections: CollectionStore.*

  // NB: The same send among a hundred times the rows: a row changed where it lies costs the
  //     same at any size; one copied with the collection costs its size.
  for (name, rows) in [("CollectionStore.ForEachSend", 100), ("CollectionStore.ForEachSend(10000)", 10_000)] {
    Benchmark.onMainActor(name, configuration: .micro()) { benchmark in
      let store = Store(initialState: CollectionLevel.State(rows: rows, screens: 10)) {
        CollectionLevel()
      }
      let observer = SendObserver(store, observe: \.count)
      let row = rows / 2
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(.rows(.element(id: row, action: .tap)))
      }
      benchmark.stopMeasurement()
      precondition(store.rows[id: row]?.count == benchmark.scaledIterations.count)
      blackHole(observer.state)
    }
  }

  Benchmark.onMainActor("CollectionStore.StackSend", configuration: .micro()) { benchmark in
    let store = Store(initialState: CollectionLevel.State(rows: 100, screens: 10)) {
      CollectionLevel()
    }
    let observer = SendObserver(store, observe: \.count)
    let top = store.path.ids.last!
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.path(.element(id: top, action: .tap)))
    }
    benchmark.stopMeasurement()
    precondition(store.path[id: top]?.count == benchmark.scaledIterations.count)
    blackHole(observer.state)
  }

  // MARK: The real app

  Benchmark.onMainActor("Store.Send.Composed", configuration: .micro()) { benchmark in
    let directory = makeScratchDirectory("composed")
    // NB: The count's last change waits out the interval of the one before; written first, it
    //     cannot make the directory anew once it is removed.
    defer {
      FileStorage.live.flush()
      removeScratchDirectory(directory)
    }
    let store = withDependencies {
      $0.defaultDataDirectory = directory
    } operation: {
      Store(initialState: AppFeature.State()) { AppFeature() }
    }
    let observer = SendObserver(store, observe: \.counter.count)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.counter(.incrementButtonTapped))
    }
    benchmark.stopMeasurement()
    blackHole(observer.state)
  }
}

/// The feature's own logic as a hand-written `switch`, where the optimizer cannot see through
/// the call: the floor every store figure is divided by.
@inline(never)
func switchOpaquely(_ state: inout Feature.State, _ action: Feature.Action) {
  switch action {
  case .tap: state.count &+= 1
  case .child: break
  }
}

/// Calls a reducer tree prepared once, as a store runs it, without the store.
@inline(never)
func reducePreparedOpaquely(
  _ reducer: _PreparedReducer<Feature.State, Feature.Action>,
  _ state: inout Feature.State,
  _ action: Feature.Action
) {
  blackHole(reducer.reduce(into: &state, action: action))
}

/// Calls the reducer where the optimizer cannot see through the call, so the loop is not folded:
/// its `body` is built for every call, as when a reducer is called outside a store.
@inline(never)
func reduceOpaquely(_ reducer: Feature, _ state: inout Feature.State, _ action: Feature.Action) {
  blackHole(reducer.reduce(into: &state, action: action))
}

/// The store of the innermost (tenth) level.
@MainActor
func innermost(of store: StoreOf<Feature>) -> StoreOf<Feature> {
  store
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
    .scope(state: \.child!, action: \.child)
}

/// The store of the innermost (tenth) presented level.
@MainActor
func innermost(of store: StoreOf<PresentedLevel>) -> StoreOf<PresentedLevel> {
  (0..<10).reduce(store) { store, _ in store.scope(state: \.child, action: \.child.presented)! }
}
