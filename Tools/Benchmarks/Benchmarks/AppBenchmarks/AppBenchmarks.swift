import AppProcess
import Benchmark
import BenchmarkSupport
import Foundation
import Glibc

let benchmarks: @Sendable () -> Void = {
  // NB: The clock starts before the process is spawned and stops when the prompt's bytes
  // arrive on the pseudo-terminal; `quit` and the exit are not measured.
  Benchmark("App.StartToPrompt", configuration: .macro(maxIterations: 50)) { benchmark in
    let directory = makeScratchDirectory("start")
    defer { removeScratchDirectory(directory) }
    measureStartToPrompt(["--data-dir", directory.path], measuring: benchmark)
  }

  // NB: The floor of the figure above: a program that links what the app links and prints the
  //     prompt (`start-floor`), started and measured the same way.
  Benchmark("Floor.StartToPrompt", configuration: .macro(maxIterations: 50)) { benchmark in
    measureStartToPrompt([], program: startFloorPath, measuring: benchmark)
  }

  // NB: From spawn to exit, with 10,000 `inc` lines piped in and the output in a file, which
  // is checked afterwards.
  Benchmark("App.Piped(10000)", configuration: .macro(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
    let directory = makeScratchDirectory("piped")
    defer { removeScratchDirectory(directory) }
    runPiped(incrementLines, in: directory, measuring: benchmark)
  }

  // NB: The floor of the figure above: the same lines piped into a program that keeps the count
  //     and prints the same lines, with no framework (`piped-floor`); its output is checked the
  //     same way.
  Benchmark("Floor.Piped(10000)", configuration: .macro(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
    let directory = makeScratchDirectory("piped-floor")
    defer { removeScratchDirectory(directory) }
    runPiped(incrementLines, in: directory, program: pipedFloorPath, measuring: benchmark)
  }

  // NB: The same, recording the run to a session file in the scratch directory, which is checked
  // afterwards: the price of `--record`.
  Benchmark("App.PipedRecording(10000)", configuration: .macro(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
    let directory = makeScratchDirectory("piped-recording")
    defer { removeScratchDirectory(directory) }
    let session = directory.appendingPathComponent("run.session")
    runPiped(incrementLines, in: directory, recordingTo: session, measuring: benchmark)
    let events = try! String(contentsOf: session, encoding: .utf8).split(separator: "\n")
    precondition(events.last == #"{"exit":0}"#, "unexpected end of the session: \(events.suffix(2))")
  }

  // NB: From spawn to exit of `app replay` on a recording of the piped benchmark's run, made once
  // before the first measurement; the summary line is checked afterwards.
  Benchmark("App.Replay(10000)", configuration: .macro(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
    let session = recordedSession.file
    let directory = makeScratchDirectory("replay")
    defer { removeScratchDirectory(directory) }
    let outputURL = directory.appendingPathComponent("output.txt")
    let output = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
    benchmark.startMeasurement()
    let pid = spawnApp(["replay", session.path], stdin: input, stdout: output, stderr: output)
    let status = waitForExit(pid)
    benchmark.stopMeasurement()
    Glibc.close(input)
    Glibc.close(output)
    let printed = try! String(contentsOf: outputURL, encoding: .utf8)
    precondition(status == 0, "app replay exited \(status): \(printed)")
    precondition(printed == "replayed 10000 lines, 10000 actions: identical\n", "unexpected output: \(printed)")
  }
}

/// 10,000 `inc` lines.
let incrementLines = String(repeating: "inc\n", count: 10_000)

/// A session of the piped benchmark's run, recorded once (outside any measurement) for the replay
/// benchmark, in a scratch directory removed when the process exits.
let recordedSession: (file: URL, directory: URL) = {
  let directory = makeScratchDirectory("recorded")
  atexit { removeScratchDirectory(recordedSession.directory) }
  let file = directory.appendingPathComponent("run.session")
  runPiped(incrementLines, in: directory, recordingTo: file, measuring: nil)
  return (file, directory)
}()

/// Starts the app (or `program`) with `arguments` on a pseudo-terminal and measures the time from
/// before the spawn to the prompt's arrival; then types `quit`, which must end it with status 0.
func measureStartToPrompt(_ arguments: [String], program: String = appPath, measuring benchmark: Benchmark) {
  let terminal = PseudoTerminal()
  benchmark.startMeasurement()
  let pid = spawnApp(
    arguments, stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal, program: program
  )
  _ = terminal.read(until: "> ")
  benchmark.stopMeasurement()
  Glibc.close(terminal.terminal)
  terminal.write("quit\n")
  terminal.drain()
  terminal.close()
  let status = waitForExit(pid)
  precondition(status == 0, "\(program) exited \(status)")
}

/// Runs the app (or `program`, given no arguments) from spawn to exit with `script` piped in and
/// the output in a file, which must end at `count: 10000`; measures the run when given a benchmark.
func runPiped(
  _ script: String, in directory: URL, recordingTo session: URL? = nil, program: String? = nil,
  measuring benchmark: Benchmark?
) {
  let outputURL = directory.appendingPathComponent("output.txt")
  let output = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  let arguments = program != nil ? [] : ["--data-dir", directory.appendingPathComponent("data").path] + (session.map { ["--record", $0.path] } ?? [])
  let exit = runAppPiped(
    arguments, script: script, stdout: output, stderr: output, program: program ?? appPath,
    started: { benchmark?.startMeasurement() }, ended: { benchmark?.stopMeasurement() }
  )
  Glibc.close(output)
  precondition(exit.status == 0, "app exited \(exit.status)")
  let lines = try! String(contentsOf: outputURL, encoding: .utf8).split(separator: "\n")
  precondition(lines.count == 10_000 && lines.last == "count: 10000", "unexpected output: \(lines.suffix(3))")
}
