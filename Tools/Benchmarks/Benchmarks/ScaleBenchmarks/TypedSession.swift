import AppProcess
import BenchmarkSupport
import Foundation
import Glibc

/// The app on a pseudo-terminal of 24 rows and 80 columns with `TERM=xterm`, so it runs its line
/// editor as it does for a person, over a fresh copy of a list.
struct TypedSession {
  /// The scratch directory holding the data directory.
  private let scratch: URL
  private let terminal: PseudoTerminal
  private let pid: pid_t
  /// How long the app took from spawn to its first prompt.
  let startToPrompt: Duration

  /// How long the app may take to answer a line, or to start, before the run fails.
  static let timeout = Duration.seconds(120)

  /// Starts the app over a fresh copy of the `size` todos' file and waits for its first prompt.
  init(size: Int) {
    let (scratch, data) = TodoFixture.freshRun(size: size)
    self.scratch = scratch
    terminal = PseudoTerminal(rows: 24, columns: 80)
    let clock = ContinuousClock()
    let start = clock.now
    pid = spawnApp(
      ["--data-dir", data.path],
      stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal,
      environment: ["TERM": "xterm"]
    )
    let prompt = Array("> ".utf8)
    let output = terminal.read(timeout: Self.timeout) { $0.ends(with: prompt) }
    startToPrompt = start.duration(to: clock.now)
    require(output != nil, "no prompt within \(Self.timeout) over \(size) todos")
  }

  /// Types `line` and returns how long the app took to answer it: until the output since the
  /// line holds `marker` and then ends with the prompt, drawn again under the line's output.
  func type(_ line: String, answeredWith marker: String) -> Duration {
    let prompt = Array("> ".utf8)
    let wanted = Array(marker.utf8)
    let clock = ContinuousClock()
    let start = clock.now
    terminal.write(line + "\n")
    let output = terminal.read(timeout: Self.timeout) { output in
      guard output.ends(with: prompt), let found = output.firstRange(of: wanted) else { return false }
      return found.upperBound <= output.count - prompt.count
    }
    let elapsed = start.duration(to: clock.now)
    require(output != nil, "'\(line)': no '\(marker)' then prompt within \(Self.timeout)")
    return elapsed
  }

  /// Types `quit`, reads to the end, and returns how the app ended; removes the scratch
  /// directory.
  func quit() -> ChildExit {
    Glibc.close(terminal.terminal)
    terminal.write("quit\n")
    terminal.drain()
    terminal.close()
    let exit = waitForChild(pid)
    removeScratchDirectory(scratch)
    return exit
  }
}
