import Benchmark
import Dispatch
import Foundation

/// A benchmark handed to code on the main actor. The harness drives one benchmark at a time
/// and waits for each run to return, so the reference never crosses threads concurrently.
public struct MainActorBenchmark: @unchecked Sendable {
  /// The benchmark being run.
  public let benchmark: Benchmark
}

extension Benchmark {
  /// Registers a benchmark whose body runs synchronously on the main actor, where stores live.
  ///
  /// The body calls `startMeasurement()` after its set-up and `stopMeasurement()` before its
  /// tear-down, so the hop to the main thread is never measured.
  @discardableResult
  public static func onMainActor(
    _ name: String,
    configuration: Configuration = Benchmark.defaultConfiguration,
    _ body: @escaping @MainActor (_ benchmark: Benchmark) -> Void
  ) -> Benchmark? {
    Benchmark(name, configuration: configuration) { benchmark in
      let box = MainActorBenchmark(benchmark: benchmark)
      if Thread.isMainThread {
        MainActor.assumeIsolated { body(box.benchmark) }
      } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated { body(box.benchmark) } }
      }
    }
  }

  /// Registers a benchmark whose body runs asynchronously on the main actor, for work that
  /// waits on effects.
  @discardableResult
  public static func onMainActorAsync(
    _ name: String,
    configuration: Configuration = Benchmark.defaultConfiguration,
    _ body: @escaping @MainActor (_ benchmark: Benchmark) async -> Void
  ) -> Benchmark? {
    Benchmark(name, configuration: configuration) { (benchmark: Benchmark) async -> Void in
      let box = MainActorBenchmark(benchmark: benchmark)
      await body(box.benchmark)
    }
  }
}
