/// What one more line of a command costs over a list of a given size: the difference between a
/// long and a short run of the app, divided by the difference in lines. Start, opening the
/// database, the settings line and any `add` lines that top up a short list are in both runs,
/// so they cancel.
struct CommandSlope {
  /// Wall-clock nanoseconds per line. A difference within noise can come out below zero: it is
  /// reported as 0.
  let nanosecondsPerLine: Int
  /// The app's CPU nanoseconds per line (every thread's): less disturbed than the wall clock
  /// by other work on the machine. Below zero is reported as 0 too.
  let cpuNanosecondsPerLine: Int
  /// Lines printed per thousand lines of the command.
  let printedLinesPerThousand: Int
  /// The long run's peak resident set size, in bytes.
  let peakResidentBytes: Int

  /// Runs the short script, then the long one, each after `toppedUp` lines `add seed <n>`.
  init(_ command: ScaleCommand, size: Int, shortLines: Int, longLines: Int, toppedUp: Int = 0) {
    let short = PipedScript(command, lines: shortLines, size: size, toppedUp: toppedUp)
    let long = PipedScript(command, lines: longLines, size: size, toppedUp: toppedUp)
    let extra = longLines - shortLines
    nanosecondsPerLine = max(0, nanoseconds(long.elapsed - short.elapsed) / extra)
    cpuNanosecondsPerLine = max(0, nanoseconds(long.cpuTime - short.cpuTime) / extra)
    printedLinesPerThousand = max(0, (long.printedLines - short.printedLines) * 1_000 / extra)
    peakResidentBytes = long.peakResidentBytes
  }
}

/// `duration` in whole nanoseconds.
func nanoseconds(_ duration: Duration) -> Int {
  Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
}
