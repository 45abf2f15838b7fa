import Foundation
import Testing

/// Builds a small program with `-sanitize=thread` from `Lock`'s own sources and runs it three
/// ways: two threads incrementing a value under `Synchronization.Mutex` (ThreadSanitizer cannot
/// see the futex and reports a race that is not there), the same under ``Lock`` (no report), under
/// an empty `Lock<Void>` guarding a field beside it (no report), under a ``RecursiveLock`` taken
/// twice by each thread (no report), and ``Lock`` with one deliberate write outside it (reported:
/// the annotations hide no real race).
///
/// The compiler and the program run on a thread of their own: a test that blocked a thread of the
/// cooperative pool for the length of a build would stall every other test of the run with it.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ThreadSanitizerProgramTests {
  @Test func lockTurnsTheFalseReportIntoNoneAndStillCatchesARealRace() async throws {
    let (mutex, lock, empty, recursive, race) = try await offThePool {
      let program = try SanitizedProgram.build()
      defer { program.remove() }
      return (
        try program.run("mutex"), try program.run("lock"), try program.run("empty"),
        try program.run("recursive"), try program.run("race")
      )
    }

    #expect(mutex.output.contains("mutex 200000"))
    #expect(mutex.reports > 0, "ThreadSanitizer no longer reports Mutex: \(mutex.output)")

    #expect(lock.output.contains("lock 200000"))
    #expect(lock.output.contains("annotations: on"))
    #expect(lock.reports == 0, "a report under Lock: \(lock.output)")

    #expect(empty.output.contains("empty 200000"))
    #expect(empty.reports == 0, "a report under an empty Lock: \(empty.output)")

    #expect(recursive.output.contains("recursive 200000"))
    #expect(recursive.reports == 0, "a report under a RecursiveLock: \(recursive.output)")

    #expect(race.reports > 0, "the deliberate race went unreported: \(race.output)")
    #expect(race.output.contains("race 200000"), "the guarded count is still exact")
  }
}

/// Runs blocking work on a new thread and returns what it returns or throws.
private func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result(catching: work)) }
  }
}

private struct SanitizedProgram {
  let directory: URL
  var executable: URL { directory.appendingPathComponent("program") }

  static let source = """
    import Dispatch
    import Synchronization

    final class Box: @unchecked Sendable {
      let mutex = Mutex(0)
      let lock = Lock(0)
      var unguarded = 0
      // As a shared reference keeps its value: in a field of its own, guarded by an empty lock.
      let emptyLock = Lock<Void>(())
      var guardedByEmptyLock = 0
      // As a shared reference's value is read again inside its own withLock.
      let recursiveLock = RecursiveLock()
      var guardedByRecursiveLock = 0
    }

    let box = Box()
    let mode = CommandLine.arguments[1]
    print("annotations: \\(ThreadSanitizer.isActive ? "on" : "off")")
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<100_000 {
        switch mode {
        case "mutex":
          box.mutex.withLock { $0 += 1 }
        case "lock":
          box.lock.withLock { $0 += 1 }
        case "empty":
          box.emptyLock.withLock { _ in box.guardedByEmptyLock += 1 }
        case "recursive":
          box.recursiveLock.withLock {
            let read = box.recursiveLock.withLock { box.guardedByRecursiveLock }
            box.guardedByRecursiveLock = read + 1
          }
        default:
          box.lock.withLock { $0 += 1 }
          box.unguarded += 1
        }
      }
    }
    switch mode {
    case "mutex": print(mode, box.mutex.withLock { $0 })
    case "empty": print(mode, box.emptyLock.withLock { _ in box.guardedByEmptyLock })
    case "recursive": print(mode, box.recursiveLock.withLock { box.guardedByRecursiveLock })
    default: print(mode, box.lock.withLock { $0 })
    }
    """

  static func build() throws -> SanitizedProgram {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("locking-tsan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let program = SanitizedProgram(directory: directory)
    let main = directory.appendingPathComponent("main.swift")
    try source.write(to: main, atomically: true, encoding: .utf8)
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Modules/Locking")
    let lockSources = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
      .map { sources.appendingPathComponent($0).path }
    let build = try run(
      "/usr/bin/env",
      ["swiftc", "-sanitize=thread", "-package-name", "locking", "-module-name", "program",
       main.path] + lockSources + ["-o", program.executable.path]
    )
    guard build.status == 0 else {
      program.remove()
      throw BuildFailure(output: build.output)
    }
    return program
  }

  func run(_ mode: String) throws -> (output: String, reports: Int) {
    let result = try Self.run(executable.path, [mode])
    let reports = result.output.components(separatedBy: "WARNING: ThreadSanitizer").count - 1
    return (result.output, reports)
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }

  struct BuildFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { "swiftc -sanitize=thread failed:\n\(output)" }
  }

  private static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    // NB: Under `Tools/tsan` the test bundle's own TSAN_OPTIONS send reports to files; the
    //     child must print its reports here instead, and must not fail the run it is part of.
    var environment = ProcessInfo.processInfo.environment
    environment["TSAN_OPTIONS"] = "halt_on_error=0 exitcode=0"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
