import AppProcess
import BenchmarkSupport
import Foundation
import Glibc

/// One run of the app, piped, over a fresh copy of a list: how long it took from spawn to exit,
/// the CPU time it used, how many lines it printed, and the most memory it held.
struct PipedScript {
  /// From before the spawn to after the exit.
  let elapsed: Duration
  /// The app's CPU time, every thread's.
  let cpuTime: Duration
  /// The lines printed on standard output.
  let printedLines: Int
  /// The app's peak resident set size, in bytes.
  let peakResidentBytes: Int

  /// Runs `lines` lines of `command` over a fresh copy of the `size` todos' database, after
  /// `set sort-completed off` (with sorting on, `done` waits a second for its sort: piped runs
  /// wait for effects) and `toppedUp` lines `add seed <n>`. The app must exit 0 and print
  /// nothing on standard error.
  init(_ command: ScaleCommand, lines: Int, size: Int, toppedUp: Int = 0) {
    let (scratch, data) = TodoFixture.freshRun(size: size)
    defer { removeScratchDirectory(scratch) }
    let script = (["set sort-completed off"] + (0..<toppedUp).map { "add seed \($0)" } + (0..<lines).map(command.line))
      .joined(separator: "\n") + "\n"
    let outputURL = scratch.appendingPathComponent("output.txt")
    let errorsURL = scratch.appendingPathComponent("errors.txt")
    let output = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let errors = open(errorsURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let clock = ContinuousClock()
    var start = clock.now
    var end = start
    let exit = runAppPiped(
      ["--data-dir", data.path], script: script, stdout: output, stderr: errors, measuredAlone: true,
      started: { start = clock.now }, ended: { end = clock.now }
    )
    Glibc.close(output)
    Glibc.close(errors)
    let printed = try! Data(contentsOf: outputURL)
    let complaints = try! String(contentsOf: errorsURL, encoding: .utf8)
    require(
      exit.status == 0 && complaints.isEmpty,
      "\(lines) × '\(command.line(0))' over \(size) todos: exit \(exit.status), errors: \(complaints.prefix(500))"
    )
    elapsed = start.duration(to: end)
    cpuTime = exit.cpuTime
    printedLines = printed.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    peakResidentBytes = exit.peakResidentBytes
  }
}
