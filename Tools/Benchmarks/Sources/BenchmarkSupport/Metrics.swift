import Benchmark
import Foundation

/// Whether `BENCH_SMOKE` is set: each benchmark runs once, to prove it still works
/// (`Tools/bench --smoke`, for CI). Its figures mean nothing.
public let isSmokeRun = ProcessInfo.processInfo.environment["BENCH_SMOKE"] != nil

extension BenchmarkMetric {
  /// The time-and-cost metrics every figure reports: wall clock, CPU, allocations, and
  /// throughput.
  public static let figures: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]
}

extension Benchmark.Configuration {
  /// For operations of a few nanoseconds: `scalingFactor` of them per measured iteration.
  public static func micro(_ scalingFactor: BenchmarkScalingFactor = .kilo) -> Self {
    .init(
      metrics: BenchmarkMetric.figures,
      timeUnits: .nanoseconds,
      warmupIterations: isSmokeRun ? 0 : 10,
      scalingFactor: isSmokeRun ? .one : scalingFactor,
      maxDuration: isSmokeRun ? .milliseconds(1) : .seconds(1),
      maxIterations: isSmokeRun ? 1 : 10_000
    )
  }

  /// For operations of milliseconds or more: one per measured iteration. The `extra` metrics are
  /// reported as plain counts, never rescaled to thousands or millions (an export in thousands
  /// keeps only whole thousands).
  public static func macro(
    maxDuration: Duration = .seconds(3),
    maxIterations: Int = 50,
    extra: [BenchmarkMetric] = []
  ) -> Self {
    .init(
      metrics: [.wallClock, .cpuTotal, .mallocCountTotal] + extra,
      timeUnits: .microseconds,
      units: Dictionary(uniqueKeysWithValues: extra.map { ($0, .count) }),
      warmupIterations: isSmokeRun ? 0 : 1,
      scalingFactor: .one,
      maxDuration: isSmokeRun ? .milliseconds(1) : maxDuration,
      maxIterations: isSmokeRun ? 1 : maxIterations
    )
  }
}
