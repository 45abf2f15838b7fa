import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// Random sessions recorded through the real `app` binary and replayed with `app replay`: every
/// one must replay identically. A determinism check over the whole app — its reducers, views,
/// effects, dependencies and files — with commands, random arguments, answers to questions and
/// hostile lines (`FuzzedSession`).
///
/// Facts come from a loopback server that answers most numbers and fails the multiples of
/// three, or, in some sessions, from a port nothing listens on. Some sessions start from a data
/// directory holding a broken file, some from the one the session before them left.
///
/// The run is seeded: session `i` is made from seed + `i`. `FUZZ_SESSIONS_COUNT` and
/// `FUZZ_SESSIONS_SEED` change its size and seed (`Tools/reliability/fuzz-sessions` runs 1,000
/// sessions). A session that does not replay identically keeps its script, its session file,
/// the data directory it started from and the replay's report in `FUZZ_SESSIONS_KEEP` (a
/// temporary directory by default), named in the failure.
@Suite(.serialized)
struct FuzzedSessionTests {
  /// What one session came to.
  struct Outcome: Sendable {
    var index: Int
    var lines: Int
    var replayedActions: Int
    var failure: String?
  }

  @Test(.timeLimit(.minutes(60)))
  func randomSessionsReplayIdentically() async throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["FUZZ_SESSIONS_COUNT"].flatMap(Int.init) ?? 20
    let seed = environment["FUZZ_SESSIONS_SEED"].flatMap(UInt64.init) ?? 20_261_126
    let keep = environment["FUZZ_SESSIONS_KEEP"].map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("fuzzed-sessions-\(seed)", isDirectory: true)
    let directory = try TemporaryDirectory()
    let server = try LoopbackServer { path in
      let parts = path.split(separator: "/")
      guard parts.count == 2, let number = Int(parts[0]) else { return .text("not found", status: 404) }
      if number % 3 == 0 { return .text("the server broke", status: 500) }
      return .text("\(number) is a \(parts[1]) number.")
    }
    defer { directory.remove(); server.stop() }
    let context = Context(directory: directory.url, keep: keep, seed: seed, numbersAPI: server.url)

    // NB: Sessions sleep (a piped run waits out each effect's second), so a few run at once;
    //     worker `w` runs sessions w, w + workers, …, in order, so a session that continues from
    //     the data its predecessor left always finds the same data.
    let workers = min(4, max(1, count))
    let outcomes = await withTaskGroup(of: [Outcome].self) { group in
      for worker in 0..<workers {
        group.addTask {
          var outcomes: [Outcome] = []
          for index in stride(from: worker, to: count, by: workers) {
            outcomes.append(await context.run(index, worker: worker))
          }
          return outcomes
        }
      }
      return await group.reduce(into: []) { $0 += $1 }.sorted { $0.index < $1.index }
    }

    let failures = outcomes.compactMap(\.failure)
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
    print(
      """
      fuzzed sessions: seed \(seed), \(count) sessions, \(outcomes.map(\.lines).reduce(0, +)) lines, \
      \(outcomes.map(\.replayedActions).reduce(0, +)) actions replayed; divergences: \(failures.count)\
      \(failures.isEmpty ? "" : " (kept in \(keep.path))")
      """
    )
  }

  /// What every session of a run shares.
  struct Context: Sendable {
    var directory: URL
    var keep: URL
    var seed: UInt64
    var numbersAPI: URL

    /// Records session `index` through the app and replays it.
    func run(_ index: Int, worker: Int) async -> Outcome {
      let sessionSeed = seed &+ UInt64(index)
      var choices = SeededGenerator(seed: ~sessionSeed)
      let script = FuzzedSession(seed: sessionSeed)
      let files = FileManager.default
      let data = directory.appendingPathComponent("worker-\(worker)", isDirectory: true)
      let roll = Int.random(in: 0..<10, using: &choices)
      if roll >= 3 || !files.fileExists(atPath: data.path) {
        try? files.removeItem(at: data)
        try? files.createDirectory(at: data, withIntermediateDirectories: true)
      }
      if roll == 0 {
        let name = ["todos.json", "app-storage.json", "facts.json"].randomElement(using: &choices)!
        try? Data("{\"broken".utf8).write(to: data.appendingPathComponent(name))
      }
      let api = Int.random(in: 0..<10, using: &choices) == 0 ? URL(string: "http://127.0.0.1:1")! : numbersAPI
      let sessionFile = directory.appendingPathComponent("session-\(index).session")
      let before = directory.appendingPathComponent("session-\(index)-data", isDirectory: true)
      try? files.copyItem(at: data, to: before)
      defer {
        try? files.removeItem(at: sessionFile)
        try? files.removeItem(at: before)
      }

      var outcome = Outcome(index: index, lines: script.lines, replayedActions: 0)
      let report: String
      do {
        let recorded = try await AppProcess(
          arguments: ["--data-dir", data.path, "--numbers-api", api.absoluteString, "--record", sessionFile.path]
        ).run(input: script.script)
        guard recorded.status == 0 else {
          outcome.failure = keepFailure(
            index, "the recorded run exited \(recorded.status): \(recorded.error.suffix(500))",
            script: script, session: sessionFile, data: before
          )
          return outcome
        }
        let replayed = try await AppProcess(arguments: ["replay", sessionFile.path]).run(input: Data())
        report = replayed.output + replayed.error
        if replayed.status == 0, let summary = Self.summary(replayed.output) {
          outcome.replayedActions = summary
          return outcome
        }
      } catch {
        outcome.failure = "session \(index) could not run: \(error)"
        return outcome
      }
      outcome.failure = keepFailure(index, "did not replay identically:\n\(report.prefix(4_000))", script: script, session: sessionFile, data: before)
      return outcome
    }

    /// The actions a replay's summary line counts, when it says `identical`.
    static func summary(_ output: String) -> Int? {
      let line = output.split(separator: "\n").first.map(String.init) ?? ""
      guard line.hasPrefix("replayed "), line.hasSuffix(": identical") || line.contains(": identical;") else { return nil }
      let words = line.split(separator: " ")
      return words.count > 3 ? Int(words[3]) : nil
    }

    /// Keeps what a failing session needs to be looked at again; the failure's message.
    private func keepFailure(_ index: Int, _ message: String, script: FuzzedSession, session: URL, data: URL) -> String {
      let files = FileManager.default
      let kept = keep.appendingPathComponent("session-\(index)", isDirectory: true)
      try? files.removeItem(at: kept)
      try? files.createDirectory(at: kept, withIntermediateDirectories: true)
      try? script.script.write(to: kept.appendingPathComponent("script.txt"))
      try? files.copyItem(at: session, to: kept.appendingPathComponent("run.session"))
      try? files.copyItem(at: data, to: kept.appendingPathComponent("data-before"))
      try? Data(message.utf8).write(to: kept.appendingPathComponent("report.txt"))
      return "session \(index) (seed \(seed &+ UInt64(index)), kept in \(kept.path)) \(message)"
    }
  }
}
