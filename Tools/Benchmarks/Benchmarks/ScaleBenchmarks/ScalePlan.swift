import BenchmarkSupport
import Foundation

/// How much the scale benchmarks run: the list sizes, the lines of each script, the
/// repetitions, and the typed run. The full plan is priced so that 1,000,000 todos, where one
/// command may cost a second or more, stays within minutes; a smoke run (`BENCH_SMOKE`) uses
/// tiny sizes and a few lines, to prove the benchmarks work in seconds.
///
/// `BENCH_SCALE_SIZES` (for example `0,10000`) replaces the sizes of either plan; the typed run
/// keeps its own size.
struct ScalePlan: Sendable {
  /// The list sizes measured.
  let sizes: [Int]
  /// The lines of the short script per size, after its settings line: enough to be past the
  /// file's first write, which the first change makes at once.
  let shortLines: @Sendable (Int) -> Int
  /// The lines the long script adds to the short one, per command and size.
  let extraLines: @Sendable (ScaleCommand, Int) -> Int
  /// How many times each slope (and the start) is measured, per size: the report takes the
  /// median.
  let repetitions: @Sendable (Int) -> Int
  /// The size the typed latency is measured at.
  let typedSize: Int
  /// The lines typed, one at a time, in that run.
  let typedLines: Int

  /// The plan of this run.
  static let current: ScalePlan = {
    let plan = isSmokeRun ? smoke : full
    guard let sizes = ProcessInfo.processInfo.environment["BENCH_SCALE_SIZES"] else { return plan }
    return ScalePlan(
      sizes: sizes.split(separator: ",").map { size in
        guard let size = Int(size.trimmingCharacters(in: .whitespaces)), size >= 0 else {
          fatalError("BENCH_SCALE_SIZES: '\(size)' is not a size; expected sizes separated by commas, like 0,10000")
        }
        return size
      },
      shortLines: plan.shortLines, extraLines: plan.extraLines, repetitions: plan.repetitions,
      typedSize: plan.typedSize, typedLines: plan.typedLines
    )
  }()

  /// The release run: sizes 0, 10,000, 100,000 and 1,000,000.
  ///
  /// `inc` costs tens of microseconds whatever the size, so its scripts differ by 10,000 lines
  /// (20,000 at 1,000,000, where start and exit alone vary by more than 10,000 of it). A command
  /// that changes the list differs by fewer lines as the list grows, so that each long script
  /// costs seconds: 500 lines up to 10,000 todos, 200 at 100,000, and 5 at 1,000,000, where one
  /// such command has cost seconds (the list's file, 120 MB, is written again at most once a
  /// second while the list changes).
  static let full = ScalePlan(
    sizes: [0, 10_000, 100_000, 1_000_000],
    shortLines: { $0 >= 1_000_000 ? 1 : 20 },
    extraLines: { command, size in
      switch (command, size) {
      case (.inc, ..<1_000_000): 10_000
      case (.inc, _): 20_000
      case (_, ..<100_000): 500
      case (_, ..<1_000_000): 200
      case (_, _): 5
      }
    },
    repetitions: { $0 >= 1_000_000 ? 3 : 5 },
    typedSize: 100_000,
    typedLines: 200
  )

  /// The smoke run: sizes 0 and 100, a few lines, once each.
  static let smoke = ScalePlan(
    sizes: [0, 100],
    shortLines: { _ in 2 },
    extraLines: { _, _ in 3 },
    repetitions: { _ in 1 },
    typedSize: 100,
    typedLines: 3
  )
}
