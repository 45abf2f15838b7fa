import AppProcess
import BenchmarkSupport
import Foundation
import Glibc

/// Two apps over one data directory at the same time, each piped its own `add` lines: how long
/// from before the first spawn to after both exits. The database must then hold every todo both
/// added, by its rows and by the count its triggers keep; the run fails loudly otherwise.
struct TwoAppsAdding {
  /// From before the first spawn to after the second app's exit.
  let elapsed: Duration

  /// Starts two apps over a fresh copy of the empty list's database, the first piped `lines`
  /// lines `add a <n>` and the second `add b <n>`, and waits for both. Each must exit 0 and
  /// print nothing on standard error.
  init(lines: Int) {
    let (scratch, data) = TodoFixture.freshRun(size: 0)
    defer { removeScratchDirectory(scratch) }
    let names = ["a", "b"]
    let files = names.map { name in
      (output: scratch.appendingPathComponent("output-\(name).txt"), errors: scratch.appendingPathComponent("errors-\(name).txt"))
    }
    let descriptors = files.map { file in
      (
        output: open(file.output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644),
        errors: open(file.errors.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      )
    }
    let scripts = names.map { name in (0..<lines).map { "add \(name) \($0)\n" }.joined() }
    let clock = ContinuousClock()
    let start = clock.now
    let pids = zip(scripts, descriptors).map { script, descriptor in
      startAppPiped(["--data-dir", data.path], script: script, stdout: descriptor.output, stderr: descriptor.errors)
    }
    let exits = pids.map(waitForChild)
    elapsed = start.duration(to: clock.now)
    for descriptor in descriptors {
      Glibc.close(descriptor.output)
      Glibc.close(descriptor.errors)
    }
    for (name, (exit, file)) in zip(names, zip(exits, files)) {
      let complaints = try! String(contentsOf: file.errors, encoding: .utf8)
      require(
        exit.status == 0 && complaints.isEmpty,
        "app \(name) of two adding \(lines) todos each: exit \(exit.status), errors: \(complaints.prefix(500))"
      )
    }
    let count = TodoCount(dataDirectory: data)
    let expected = TodoCount(rows: 2 * lines, counted: 2 * lines)
    require(count == expected, "two apps adding \(lines) todos each left \(count) in the database, not \(expected)")
  }
}
