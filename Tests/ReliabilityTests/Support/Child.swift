import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started from a built executable, with its output collected line by line
/// as it arrives, so a test can wait for a line, send input, or kill it at any moment.
final class Child: Sendable {
  let process: Process
  private let input: FileHandle
  private let lines = Lines()
  private let errorLines = Lines()
  private let readers = DispatchGroup()

  /// The executable named `name`, built next to the test bundle.
  static func executable(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent()
      .appendingPathComponent(name)
  }

  /// Starts `executable` with `arguments`, optionally through `launcher` (e.g. `setpriv …`).
  init(_ executable: URL, _ arguments: [String], launcher: [String] = []) throws {
    let process = Process()
    if let first = launcher.first {
      process.executableURL = URL(fileURLWithPath: first)
      process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    self.process = process
    self.input = stdin.fileHandleForWriting
    // NB: the readers block in `read`, so they are threads of their own, never tasks: blocking
    //     the cooperative pool's few threads would stall every test.
    for (pipe, lines) in [(stdout, lines), (stderr, errorLines)] {
      readers.enter()
      let handle = pipe.fileHandleForReading
      Thread.detachNewThread { [readers] in
        Self.collect(handle, into: lines)
        readers.leave()
      }
    }
  }

  /// A line of output and the moment its reader thread read it.
  struct Arrival: Sendable {
    /// The line, without its newline.
    let text: String
    /// When the reader thread took it from the pipe: a moment no task of the test's has to be
    /// scheduled for, so the suite's load on the test process does not move it.
    let at: ContinuousClock.Instant
  }

  /// Lines collected by a reader thread, and a condition that wakes whoever waits for one.
  final class Lines: @unchecked Sendable {
    private let condition = NSCondition()
    // NB: guarded by `condition`.
    private var arrivals: [Arrival] = []
    private var isClosed = false

    func append(_ line: String) {
      let arrival = Arrival(text: line, at: .now)
      condition.lock()
      arrivals.append(arrival)
      condition.broadcast()
      condition.unlock()
    }

    /// Marks the end of the pipe: no line comes after.
    func close() {
      condition.lock()
      isClosed = true
      condition.broadcast()
      condition.unlock()
    }

    var all: [Arrival] {
      condition.lock()
      defer { condition.unlock() }
      return arrivals
    }

    /// Blocks until a line from `index` on satisfies `predicate`; `nil` once the pipe has closed
    /// without one, or at `deadline`.
    func wait(after index: Int, until deadline: Date, where predicate: (String) -> Bool) -> Arrival? {
      condition.lock()
      defer { condition.unlock() }
      var checked = index
      while true {
        if checked < arrivals.count, let found = arrivals[checked...].first(where: { predicate($0.text) }) { return found }
        checked = max(checked, arrivals.count)
        if isClosed { return nil }
        guard condition.wait(until: deadline) else { return nil }
      }
    }
  }

  private static func collect(_ handle: FileHandle, into lines: Lines) {
    var pending = Data()
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending = Data(pending[pending.index(after: newline)...])
        lines.append(line)
      }
    }
    if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
    lines.close()
  }

  /// What it printed to standard output so far, one element a line.
  var output: [String] { lines.all.map(\.text) }
  /// What it printed to standard output so far, each line with the moment it was read.
  var arrivals: [Arrival] { lines.all }
  /// What it printed to standard error so far.
  var errors: [String] { errorLines.all.map(\.text) }

  /// What a test that waited in vain reports: whether the child still runs, its last lines, and,
  /// while it runs, every thread's stack (from `gdb`, where the machine has it).
  func diagnosis() -> String {
    var parts = [
      "running: \(process.isRunning)",
      "last output: \(output.suffix(12))",
      "errors: \(errors.suffix(12))",
    ]
    if process.isRunning, FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") {
      let gdb = Process()
      gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
      gdb.arguments = ["-p", "\(process.processIdentifier)", "-batch", "-ex", "thread apply all bt 25"]
      let pipe = Pipe()
      gdb.standardOutput = pipe
      gdb.standardError = pipe
      if (try? gdb.run()) != nil {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gdb.waitUntilExit()
        parts.append("threads:\n" + String(decoding: data, as: UTF8.self))
      }
    }
    return parts.joined(separator: "\n")
  }

  /// Sends one line to its standard input.
  func send(_ line: String) {
    input.write(Data((line + "\n").utf8))
  }

  /// Closes its standard input (end of input).
  func closeInput() {
    try? input.close()
  }

  /// Waits until a line of output satisfies `predicate`; `nil` if it exits or `timeout` passes
  /// first. The timeout only guards against a hang when the behaviour under test is broken.
  ///
  /// NB: the wait blocks a thread of its own, woken by the reader thread as each line arrives:
  ///     no task of the test's polls, and a cooperative pool kept busy by other suites delays
  ///     only when the caller resumes, never whether the line is found.
  func waitForLine(
    timeout: Duration = .seconds(30),
    after index: Int = 0,
    where predicate: @escaping @Sendable (String) -> Bool
  ) async -> String? {
    await onThread { self.line(timeout: timeout, after: index, where: predicate)?.text }
  }

  /// Blocks until a line of output from `index` on satisfies `predicate`, and returns it with the
  /// moment it was read; `nil` if the output ends or `timeout` passes first. For a test's own
  /// thread (``onThread(_:)``), where timing matters.
  func line(
    timeout: Duration = .seconds(30),
    after index: Int = 0,
    where predicate: (String) -> Bool
  ) -> Arrival? {
    let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
    return lines.wait(after: index, until: deadline, where: predicate)
  }

  /// Kills it with `SIGKILL`, at once.
  func kill() {
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for it to exit and for its output to be read to the end.
  func waitForExit() async {
    await drain()
    await onThread { self.process.waitUntilExit() }
  }

  private func drain() async {
    await withCheckedContinuation { continuation in
      readers.notify(queue: .global()) { continuation.resume() }
    }
  }

  /// Whether it was ended by `SIGKILL`.
  var wasKilled: Bool {
    process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
  }
}
