import AppProcess
import BenchmarkSupport
import Foundation
import Glibc

/// A typed run of the app: the app on a pseudo-terminal of 24 rows and 80 columns with
/// `TERM=xterm`, so it runs its line editor as it does for a person, over a fresh copy of a list.
struct TypedRun {
  /// The scratch directory holding the data directory.
  private let scratch: URL
  private let terminal: PseudoTerminal
  private let pid: pid_t
  /// How long the app took from spawn to its first prompt.
  let startToPrompt: Duration
  /// What the app wrote up to its first prompt, the prompt included.
  let firstDisplay: String

  /// How long the app may take to answer a line, or to start, before the run fails.
  static let timeout = Duration.seconds(120)

  /// Starts the app over a fresh copy of the `size` todos' database and waits for its first
  /// prompt.
  init(size: Int) {
    self.init(TodoFixture.freshRun(size: size), over: "\(size) todos")
  }

  /// Starts the app over a fresh data directory holding only the `size` todos' `todos.json`,
  /// which it imports into a new database before its first prompt, and waits for that prompt.
  init(importing size: Int) {
    self.init(TodoFixture.freshImport(size: size), over: "a todos.json of \(size) todos")
  }

  /// Starts the app over the data directory `run.data`, which `over` describes for a failure's
  /// message, and waits for its first prompt; ``quit()`` removes `run.scratch`.
  private init(_ run: (scratch: URL, data: URL), over description: String) {
    let (scratch, data) = run
    self.scratch = scratch
    terminal = PseudoTerminal(rows: 24, columns: 80)
    let clock = ContinuousClock()
    let start = clock.now
    pid = spawnApp(
      ["--data-dir", data.path],
      stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal,
      environment: ["TERM": "xterm"], measuredAlone: true
    )
    let prompt = Array("> ".utf8)
    let output = terminal.read(timeout: Self.timeout) { $0.ends(with: prompt) }
    startToPrompt = start.duration(to: clock.now)
    require(output != nil, "no prompt within \(Self.timeout) over \(description)")
    firstDisplay = String(decoding: output ?? [], as: UTF8.self)
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
