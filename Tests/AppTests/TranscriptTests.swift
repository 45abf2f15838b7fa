import Foundation
import TemporaryFiles

#if canImport(Glibc)
  import Glibc
#endif
import Testing

/// Every `console` block of README.md, CONTRIBUTING.md, the user's guide and the documentation
/// catalogs' articles runs as a reader would run it, against the built `app`, and prints exactly
/// what the block shows. A transcript that drifts from the app fails here, as a Swift block that
/// drifts from its file fails `DocumentationTests`.
///
/// Each block runs in a new temporary folder, with `HOME` and `XDG_DATA_HOME` inside it (so a
/// command without `--data-dir` never meets the user's data): `app` is the built app, `swift run
/// app …` runs it, `Tools/` is the repository's. The blocks of one document share one working
/// folder, in order, so a file one block makes (a session recorded) is there for the next. A
/// command ending in `&` runs in the background until the block ends; the first line it prints
/// is its output, and the next command waits for it (a server says it is listening).
///
/// A block of lines typed at a prompt (`> …`) is a session at a terminal: it starts with
/// `$ app --data-dir "$(mktemp -d)"`, runs on a pseudo-terminal, and is compared exactly with the
/// rows of the screen the app draws there (``TypedTranscript``, ``VirtualTerminal``).
@Suite(.serialized)
struct TranscriptTests {
  static let repository = VersionTests.repository

  static let documents: [(path: String, transcripts: [Transcript])] = Transcript.documents(in: repository).compactMap { url in
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    let path = url.path(relativeTo: repository)
    return (path, Transcript.all(in: text, document: path))
  }

  @Test(arguments: documents.map(\.path))
  func everyTranscriptOfTheDocumentPrintsWhatItShows(_ path: String) async throws {
    let transcripts = try #require(Self.documents.first { $0.path == path }).transcripts
    let work = try TemporaryDirectory()
    defer { work.remove() }
    try FileManager.default.createSymbolicLink(
      at: work.file("Tools"), withDestinationURL: Self.repository.appendingPathComponent("Tools")
    )
    for transcript in transcripts {
      if let reason = transcript.notRun {
        #expect(!reason.isEmpty, "\(transcript): a block that is not run says why")
        continue
      }
      if transcript.isTyped {
        switch TypedTranscript.make(transcript) {
        case .failure(let error):
          Issue.record("\(transcript): \(error)")
        case .success(let typed):
          let problem = try await typed.run()
          #expect(problem == nil, "\(transcript): \(problem ?? "")")
        }
        continue
      }
      let actual = try await TranscriptRun(in: work.url).run(transcript)
      #expect(actual == transcript.expected, "\(transcript) printed otherwise")
    }
  }

  @Test func someTranscriptsRun() {
    let run = Self.documents.flatMap(\.transcripts).filter { $0.notRun == nil }
    #expect(run.count >= 5)
  }

  @Test func aBlockIsReadAsItsCommandsAndTheirOutput() {
    let text = """
      <!-- transcript: not run: it needs a network -->
      ```console
      $ curl example.com
      ```

      ```console
      $ printf 'inc\\n' \\
          | app --data-dir "$(mktemp -d)"
      count: 1
      $ Tools/numbers-server --port 8765 &    # offline
      Serving
      ```
      """
    let transcripts = Transcript.all(in: text, document: "X.md")
    #expect(transcripts.map(\.notRun) == ["it needs a network", nil])
    #expect(
      transcripts.last?.steps == [
        .init(command: "printf 'inc\\n' \\\n    | app --data-dir \"$(mktemp -d)\"", output: ["count: 1"]),
        .init(command: "Tools/numbers-server --port 8765 &    # offline", output: ["Serving"]),
      ]
    )
    #expect(Transcript.background("Tools/numbers-server --port 8765 &    # offline") == "Tools/numbers-server --port 8765")
    #expect(Transcript.background("a && b") == nil)
  }

  @Test func aTypedLinesKeysAreReadAsATerminalSendsThem() {
    #expect(TypedTranscript.keys("fi Tab ac Tab Return") == "fi\tac\t\r")
    #expect(TypedTranscript.keys("\" so\" Tab Up Ctrl-W \"all\" Return") == " so\t\u{1B}[A\u{17}all\r")
    #expect(TypedTranscript.keys("Up (the line before last)") == nil)
  }
}

/// One block's run: its own home and data directory, the document's working folder.
struct TranscriptRun {
  let work: URL

  init(in work: URL) {
    self.work = work
  }

  /// Runs every command of `transcript` with bash, and returns what it printed in the block's
  /// own form: each command after `$ `, then its standard output and standard error as written.
  func run(_ transcript: Transcript) async throws -> String {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let bin = root.file("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("app"), withDestinationURL: AppProcess.executable)
    let swift = bin.appendingPathComponent("swift")
    try Data(
      """
      #!/usr/bin/env bash
      # `swift run app …` as a reader types it: the app already built.
      if [ "$1" = run ] && [ "$2" = app ]; then shift 2; exec app "$@"; fi
      echo "transcript: only swift run app runs here, not swift $*" >&2
      exit 127

      """.utf8
    ).write(to: swift)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    var environment = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
    environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["HOME"] = root.file("home").path
    environment["XDG_DATA_HOME"] = root.file("data").path
    environment["TMPDIR"] = root.path
    environment["TERM"] = "dumb"

    // NB: A background command lives as long as this test holds the write end of its shell's
    //     input: the shell waits for that input to end, then stops the command. The test closes
    //     it when the block ends, and the system closes it when the test process dies, so a crash
    //     leaves no server holding its port for the next run. It is stopped with SIGKILL, which
    //     no signal mask the test process passes on can hold off.
    var background: [(process: Process, lifeline: Pipe)] = []
    defer { for job in background { try? job.lifeline.fileHandleForWriting.close() } }
    var printed: [String] = []
    for step in transcript.steps {
      printed.append("$ " + step.command)
      if let command = Transcript.background(step.command) {
        let lifeline = Pipe()
        let (process, output) = try start(
          "\(command) < /dev/null & job=$!; cat > /dev/null; kill -KILL $job 2> /dev/null; wait $job",
          environment: environment, input: lifeline.fileHandleForReading
        )
        background.append((process, lifeline))
        // NB: the first line says the process is ready (a server listening); the next command waits for it.
        let line = await onThread { Self.firstLine(of: output.fileHandleForReading) }
        if let line { printed.append(line) }
      } else {
        let (process, output) = try start(step.command, environment: environment)
        let data = await onThread { output.fileHandleForReading.readDataToEndOfFile() }
        await onThread { process.waitUntilExit() }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        printed += lines
      }
    }
    for job in background {
      try job.lifeline.fileHandleForWriting.close()
      await onThread { job.process.waitUntilExit() }
    }
    background = []
    return printed.joined(separator: "\n")
  }

  /// Starts `command` under bash in the working folder, reading `input` (nothing by default), its
  /// standard output and error one pipe.
  private func start(
    _ command: String, environment: [String: String], input: FileHandle = .nullDevice
  ) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", "-c", command]
    process.currentDirectoryURL = work
    process.environment = environment
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    return (process, output)
  }

  /// The first line `handle` gives, without its line break; `nil` if it ends first.
  private static func firstLine(of handle: FileHandle) -> String? {
    var bytes = Data()
    while true {
      let byte = handle.readData(ofLength: 1)
      guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(first)
    }
  }
}

extension URL {
  /// This file's path below `root`.
  func path(relativeTo root: URL) -> String {
    let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
