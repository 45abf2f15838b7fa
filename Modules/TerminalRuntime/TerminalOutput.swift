import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a program writes: standard output for the display, standard error for errors.
public struct TerminalOutput: Sendable {
  private let writeOutput: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void

  /// Creates an output from two writers; each gets text ending in a line break.
  public init(
    output: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void
  ) {
    self.writeOutput = output
    self.writeError = error
  }

  /// The process's standard output and standard error, unbuffered.
  public static let standard = Self(
    output: { writeAll($0, to: STDOUT_FILENO) },
    error: { writeAll($0, to: STDERR_FILENO) }
  )

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
