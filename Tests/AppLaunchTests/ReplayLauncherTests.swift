import AppLaunch
import Foundation
import Sessions
import TemporaryFiles
import Testing

/// `app replay <file>`: a session this app can replay is replayed as recorded; one it cannot
/// is refused with one line naming the file and why.
@MainActor
struct ReplayLauncherTests {
  @Test func aPreviewSessionReplaysAsRecorded() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("counter.session")
    try write(Self.counterSession(output: #"count: 43\n"#), to: file)
    let result = try await ReplayLauncher(file: file).replay().get()
    #expect(result.verdict == .identical, "\(result.report.joined(separator: "\n"))")
  }

  @Test func aChangedAnswerIsADivergence() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("counter.session")
    try write(Self.counterSession(output: #"count: 44\n"#), to: file)
    let result = try await ReplayLauncher(file: file).replay().get()
    #expect(result.verdict != .identical)
    #expect(result.status == 1)
  }

  @Test func aSessionOfAFeatureThisAppLacksIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("clock.session")
    try write([#"{"session":1,"feature":"clock","interactive":false,"arguments":[]}"#, #"{"exit":0}"#], to: file)
    let error = try #require(await ReplayLauncher(file: file).replay().failure)
    #expect(
      error.description
        == #"clock.session: a session of "clock", which this app does not have (it has app, counter, fact, settings, todos)"#
    )
  }

  @Test func aSeedTheFeatureDoesNotTakeIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("seeded.session")
    try write([#"{"session":1,"feature":"counter","interactive":false,"arguments":["color=on"]}"#, #"{"exit":0}"#], to: file)
    let error = try #require(await ReplayLauncher(file: file).replay().failure)
    #expect(
      error.description
        == "seeded.session: line 1 is corrupt: its seed is not one this feature takes: --seed color: unknown for counter; it takes count, step"
    )
  }

  @Test func aMissingFileIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let error = try #require(await ReplayLauncher(file: directory.file("none.session")).replay().failure)
    #expect(error.description.hasPrefix("none.session: "))
  }

  /// A session of the counter alone, seeded at 41 with a step of 2, that types `inc` and
  /// records `output` (JSON-escaped) as what it printed.
  private static func counterSession(output: String) -> [String] {
    [
      #"{"session":1,"feature":"counter","interactive":false,"arguments":["count=41","step=2"]}"#,
      #"{"file":"app-storage.json","missing":true}"#,
      #"{"line":"inc"}"#,
      #"{"action":"Counter.Action.incrementButtonTapped","from":"line"}"#,
      #"{"output":""# + output + #""}"#,
      #"{"line":"quit"}"#,
      #"{"exit":0}"#,
    ]
  }

  private func write(_ lines: [String], to file: URL) throws {
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
  }
}

extension Result {
  /// The error, if it failed.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
