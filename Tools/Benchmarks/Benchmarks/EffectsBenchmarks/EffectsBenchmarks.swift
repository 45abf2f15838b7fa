import Benchmark
import BenchmarkSupport
import ComposableCore

let benchmarks: @Sendable () -> Void = {
  Benchmark.onMainActorAsync("Effects.Run(10000)", configuration: .macro()) { benchmark in
    let store = Store(initialState: Work.State()) { Work() }
    benchmark.startMeasurement()
    var tasks: [StoreTask] = []
    tasks.reserveCapacity(10_000)
    for _ in 0..<10_000 {
      tasks.append(store.send(.run))
    }
    for task in tasks {
      await task.finish()
    }
    benchmark.stopMeasurement()
    precondition(store._effectCount.tasks == 0)
  }

  Benchmark.onMainActorAsync("Effects.Cancel(10000)", configuration: .macro()) { benchmark in
    let store = Store(initialState: Work.State()) { Work() }
    benchmark.startMeasurement()
    var tasks: [StoreTask] = []
    tasks.reserveCapacity(10_000)
    for id in 0..<10_000 {
      tasks.append(store.send(.sleep(id: id)))
    }
    for id in 0..<10_000 {
      store.send(.cancel(id: id))
    }
    for task in tasks {
      await task.finish()
    }
    benchmark.stopMeasurement()
    precondition(store._effectCount == (0, 0))
  }

  Benchmark.onMainActor("Effects.Merge(1000)", configuration: .micro(.one)) { benchmark in
    let store = Store(initialState: Work.State()) { Work() }
    benchmark.startMeasurement()
    store.send(.fanOut)
    benchmark.stopMeasurement()
    precondition(store.state.ticks == 1_000)
  }
}
