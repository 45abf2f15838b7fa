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

  /// Lines collected by a reader thread.
  final class Lines: Sendable {
    let value = Lock<[String]>([])
    func append(_ line: String) { value.withLock { $0.append(line) } }
    var all: [String] { value.withLock { $0 } }
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
  }

  /// What it printed to standard output so far, one element a line.
  var output: [String] { lines.all }
  /// What it printed to standard error so far.
  var errors: [String] { errorLines.all }

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
  func waitForLine(
    timeout: Duration = .seconds(30),
    after index: Int = 0,
    where predicate: (String) -> Bool
  ) async -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let current = output
      if index < current.count, let line = current[index...].first(where: predicate) { return line }
      if !process.isRunning {
        await drain()
        return output.dropFirst(index).first(where: predicate)
      }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return nil
  }

  /// Kills it with `SIGKILL`, at once.
  func kill() {
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for it to exit and for its output to be read to the end.
  func waitForExit() async {
    await drain()
    process.waitUntilExit()
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
