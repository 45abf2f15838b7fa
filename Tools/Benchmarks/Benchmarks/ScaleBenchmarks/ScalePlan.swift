import BenchmarkSupport
import Foundation

/// How much the scale benchmarks run: the list sizes, the lines of each script, the
/// repetitions, the typed run and the two apps at once. The full plan is priced so that the
/// whole group stays within minutes; a smoke run (`BENCH_SMOKE`) uses tiny sizes and a few
/// lines, to prove the benchmarks work in seconds.
///
/// `BENCH_SCALE_SIZES` (for example `0,10000`) replaces the sizes of either plan; the typed run
/// and the two apps at once keep their own, and the cold import reads the largest size given.
struct ScalePlan: Sendable {
  /// The list sizes measured.
  let sizes: [Int]
  /// The lines of the short script per size, after its settings line (and the `add` lines that
  /// top up a list too short for the command): enough to be past the first change's write.
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
  /// The `add` lines each of the two apps running at once is piped.
  let concurrentLines: Int
  /// How many times the two apps are run: the report takes the median.
  let concurrentRepetitions: Int
  /// The todos each of two typed apps adds in turns while the other watches, under load.
  let watchedLines: Int

  /// The size of the `todos.json` the cold import reads: the largest size measured.
  var importSize: Int { sizes.max() ?? 0 }

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
      typedSize: plan.typedSize, typedLines: plan.typedLines,
      concurrentLines: plan.concurrentLines, concurrentRepetitions: plan.concurrentRepetitions,
      watchedLines: plan.watchedLines
    )
  }()

  /// The release run: sizes 0, 10,000, 100,000 and 1,000,000.
  ///
  /// On the database every command that touches one todo costs about a millisecond whatever the
  /// size, and `inc` tens of microseconds: their scripts differ by 500 lines, and `inc`'s by
  /// 10,000. `done 950000` seeks its todo through the index (tens of milliseconds a line): 50.
  /// `mv 1 2` keeps its 500 lines: each move takes the midpoint of its neighbours' positions,
  /// and every fifty-odd moves the gap is used up and the whole list is renumbered (seconds at
  /// 1,000,000), so fewer lines would catch that now and then instead of its share per line.
  /// 1,000,000 todos' lists are repeated 3 times (each run copies a 140 MB database), the others
  /// 5.
  static let full = ScalePlan(
    sizes: [0, 10_000, 100_000, 1_000_000],
    shortLines: { _ in 20 },
    extraLines: { command, _ in
      switch command {
      case .inc: 10_000
      case .done950000, .findFar: 50
      case .add, .edit, .done, .rm, .mv, .findEvery, .findOne, .undo: 500
      }
    },
    repetitions: { $0 >= 1_000_000 ? 3 : 5 },
    typedSize: 100_000,
    typedLines: 200,
    concurrentLines: 10_000,
    concurrentRepetitions: 3,
    watchedLines: 2_000
  )

  /// The smoke run: sizes 0 and 100, a few lines, once each.
  static let smoke = ScalePlan(
    sizes: [0, 100],
    shortLines: { _ in 2 },
    extraLines: { _, _ in 3 },
    repetitions: { _ in 1 },
    typedSize: 100,
    typedLines: 3,
    concurrentLines: 3,
    concurrentRepetitions: 1,
    watchedLines: 3
  )
}
