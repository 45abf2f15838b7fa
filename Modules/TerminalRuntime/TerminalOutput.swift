import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a program writes: standard output for the display's changed lines, what commands
/// print and the prompt; standard error for errors.
public struct TerminalOutput: Sendable {
  private let writeOutput: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void
  private let flushOutput: @Sendable () -> Void

  /// Creates an output from two writers; each gets text ending in a line break.
  public init(
    output: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void
  ) {
    self.init(output: output, error: error, flush: {})
  }

  /// Creates an output from two writers and what writes out what the first gathered.
  init(
    output: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void,
    flush: @escaping @Sendable () -> Void
  ) {
    self.writeOutput = output
    self.writeError = error
    self.flushOutput = flush
  }

  /// The process's standard output and standard error, unbuffered.
  public static let standard = Self(
    output: { writeAll($0, to: STDOUT_FILENO) },
    error: { writeAll($0, to: STDERR_FILENO) }
  )

  /// The process's standard output gathered and written in blocks, for a pipe or a file: at
  /// ``flush()`` (a program flushes before it waits for a line or for an effect, so a script
  /// that waits for an answer gets it), when 64 KiB are gathered, and before anything is written
  /// to standard error, so that the two stay in order. Standard error is unbuffered.
  public static func gathered() -> Self {
    let output = OutputGathering(descriptor: STDOUT_FILENO)
    return Self(
      output: { output.append($0) },
      error: {
        output.flush()
        writeAll($0, to: STDERR_FILENO)
      },
      flush: { output.flush() }
    )
  }

  /// Writes out what standard output gathered, if it gathers (``gathered()``).
  public func flush() {
    flushOutput()
  }

  /// Writes lines to standard output.
  public func print(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    writeOutput(lines.map { $0 + "\n" }.joined())
  }

  /// Writes text to standard output as it is, e.g. a prompt.
  public func write(_ text: String) {
    writeOutput(text)
  }

  /// Writes a line to standard error.
  public func error(_ message: String) {
    writeError(message + "\n")
  }
}
