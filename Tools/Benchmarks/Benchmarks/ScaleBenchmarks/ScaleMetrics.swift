import Benchmark
import BenchmarkSupport

/// The figures of the scale benchmarks, each a count the benchmark reports itself: the harness's
/// own clock would time a pair of runs, not the slope between them.
///
/// NB: No parentheses in the names: the report reads a figure's unit from them.
extension BenchmarkMetric {
  /// Wall-clock nanoseconds one more line of a command costs.
  static let nanosecondsPerCommand = BenchmarkMetric.custom("ns per command", polarity: .prefersSmaller, useScalingFactor: false)
  /// The app's CPU nanoseconds (every thread's) one more line of a command costs.
  static let cpuNanosecondsPerCommand = BenchmarkMetric.custom("cpu ns per command", polarity: .prefersSmaller, useScalingFactor: false)
  /// Lines printed per thousand lines of a command.
  static let linesPerThousandCommands = BenchmarkMetric.custom("lines per 1000 commands", polarity: .prefersSmaller, useScalingFactor: false)
  /// A run's peak resident set size in bytes.
  static let peakResidentBytes = BenchmarkMetric.custom("peak resident bytes", polarity: .prefersSmaller, useScalingFactor: false)
  /// Nanoseconds from the spawn to the first prompt.
  static let nanosecondsToPrompt = BenchmarkMetric.custom("ns to prompt", polarity: .prefersSmaller, useScalingFactor: false)
  /// Nanoseconds from a typed line to the prompt drawn again under its output: one sample a line.
  static let nanosecondsToRedraw = BenchmarkMetric.custom("ns to redraw", polarity: .prefersSmaller, useScalingFactor: false)
  /// Nanoseconds from a line typed into one of two apps to the other app's redraw showing its
  /// todo: one sample a line.
  static let nanosecondsToSeenByTheOther = BenchmarkMetric.custom("ns to seen by the other", polarity: .prefersSmaller, useScalingFactor: false)
  /// Nanoseconds from before the first of two apps' spawns to after both have exited.
  static let nanosecondsUntilBothExit = BenchmarkMetric.custom("ns until both exit", polarity: .prefersSmaller, useScalingFactor: false)
}

extension Benchmark.Configuration {
  /// A scale benchmark: `metrics` only, reported as plain counts (never rescaled to K or M),
  /// `iterations` times, with no warm-up: every iteration starts the app afresh.
  static func scale(_ metrics: [BenchmarkMetric], iterations: Int) -> Self {
    .init(
      metrics: metrics,
      timeUnits: .nanoseconds,
      units: Dictionary(uniqueKeysWithValues: metrics.map { ($0, .count) }),
      warmupIterations: 0,
      scalingFactor: .one,
      maxDuration: .seconds(24 * 3600),
      maxIterations: isSmokeRun ? 1 : iterations
    )
  }
}
