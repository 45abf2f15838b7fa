import Benchmark
import BenchmarkSupport
import CBenchSystem
import Foundation
import Glibc

let benchmarks: @Sendable () -> Void = {
  // NB: The clock starts before the process is spawned and stops when the prompt's bytes
  // arrive on the pseudo-terminal; `quit` and the exit are not measured.
  Benchmark("App.StartToPrompt", configuration: .macro(maxIterations: 50)) { benchmark in
    let directory = makeScratchDirectory("start")
    defer { removeScratchDirectory(directory) }
    let terminal = PseudoTerminal()
    benchmark.startMeasurement()
    let pid = spawnApp(
      ["--data-dir", directory.path],
      stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal
    )
    _ = terminal.read(until: "> ")
    benchmark.stopMeasurement()
    Glibc.close(terminal.terminal)
    terminal.write("quit\n")
    terminal.drain()
    terminal.close()
    let status = waitForExit(pid)
    precondition(status == 0, "app exited \(status)")
  }

  // NB: From spawn to exit, with 10,000 `inc` lines piped in and the output in a file, which
  // is checked afterwards.
  let script = String(repeating: "inc\n", count: 10_000)
  Benchmark("App.Piped(10000)", configuration: .macro(maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
    let directory = makeScratchDirectory("piped")
    defer { removeScratchDirectory(directory) }
    let outputURL = directory.appendingPathComponent("output.txt")
    let output = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    var pipe: [Int32] = [0, 0]
    precondition(bench_pipe(&pipe) == 0)
    let (readEnd, writeEnd) = (pipe[0], pipe[1])
    benchmark.startMeasurement()
    let pid = spawnApp(["--data-dir", directory.path], stdin: readEnd, stdout: output, stderr: output)
    Glibc.close(readEnd)
    let writer = Thread {
      script.utf8CString.withUnsafeBufferPointer { bytes in
        var offset = 0
        let total = bytes.count - 1
        while offset < total {
          let written = Glibc.write(writeEnd, bytes.baseAddress! + offset, total - offset)
          guard written > 0 else { break }
          offset += written
        }
      }
      Glibc.close(writeEnd)
    }
    writer.start()
    let status = waitForExit(pid)
    benchmark.stopMeasurement()
    Glibc.close(output)
    precondition(status == 0, "app exited \(status)")
    let lines = try! String(contentsOf: outputURL, encoding: .utf8).split(separator: "\n")
    precondition(lines.count == 10_000 && lines.last == "count: 10000", "unexpected output: \(lines.suffix(3))")
  }
}
