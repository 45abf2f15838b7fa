import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `app` binary with arguments and piped standard input, and collects what it
/// printed and how it exited.
struct AppProcess {
  struct Result {
    var status: Int32
    var output: String
    var error: String
    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }

  /// The `app` executable next to the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent()
      .appendingPathComponent("app")
  }

  let arguments: [String]
  var environment: [String: String] = ProcessInfo.processInfo.environment
    .filter { $0.key != "NO_COLOR" }

  /// The todos stored in the data directory `directory`, as a later run of the app lists them
  /// (`todos all`): what survived the run before it.
  static func storedTodos(in directory: URL) async throws -> String {
    try await AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
      .run(input: "todos all\n").output
  }

  /// Runs the app with `input` on its standard input, closed at the end.
  func run(input: String) async throws -> Result {
    try await run(input: Data(input.utf8))
  }

  /// Runs the app with `input`, any bytes, on its standard input, closed at the end.
  ///
  /// The input is written while the output is read, so neither side waits on a full pipe. The
  /// three blocking transfers run on threads of their own, never on Swift's cooperative pool,
  /// whose few threads they could otherwise all hold while the app waits for the fourth.
  func run(input: Data) async throws -> Result {
    let (process, stdin, stdout, stderr) = try start()
    async let written: Void = onThread {
      // NB: The app may exit before reading everything (`quit`); a closed pipe is not an error.
      try? stdin.write(contentsOf: input)
      try? stdin.close()
    }
    async let output = onThread { stdout.fileHandleForReading.readDataToEndOfFile() }
    async let error = onThread { stderr.fileHandleForReading.readDataToEndOfFile() }
    let (_, outputData, errorData) = await (written, output, error)
    await onThread { process.waitUntilExit() }
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Starts the app with a standard input the caller writes to, for tests that interrupt it.
  func start() throws -> (process: Process, input: FileHandle, output: Pipe, error: Pipe) {
    // NB: Writing to an app that has exited must fail with EPIPE, not kill the test runner.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    return (process, stdin.fileHandleForWriting, stdout, stderr)
  }
}

/// Runs blocking work on a new thread and returns its result, leaving the cooperative pool free.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}
