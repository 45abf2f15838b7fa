import AppFeature
import AppLaunch
import Foundation
import Sessions
import Testing

/// Every session in `Sessions/` replayed against the app as it is now, each as a test named
/// after its file: a change of behaviour fails with the first divergence as the message.
///
/// Record one with `Tools/record-session <name>`; re-record one whose change is intended with
/// `Tools/record-session --update <name>`.
@MainActor
@Suite struct RecordedSessionTests {
  @Test(arguments: RecordedSession.all)
  func replaysAsRecorded(_ session: RecordedSession) async {
    switch await ReplayLauncher(file: session.url).replay() {
    case .failure(let error):
      Issue.record("\(error)")
    case .success(let result):
      #expect(result.verdict == .identical, "\(result.report.joined(separator: "\n"))")
    }
  }

  @Test func theFolderHoldsSessionsOfEveryFeature() throws {
    let headers = try RecordedSession.all.map { try SessionFile(contentsOf: $0.url).header }
    #expect(Set(headers.map(\.feature)).isSuperset(of: ["app", "counter"]))
    #expect(RecordedSession.all.count >= 5)
  }
}

/// A session file of `Sessions/`, named as its file.
struct RecordedSession: CustomTestStringConvertible, Sendable {
  /// The file.
  var url: URL

  var testDescription: String { url.deletingPathExtension().lastPathComponent }

  /// Every `.session` file of the folder, by name.
  static let all: [RecordedSession] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sessions")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".session") }.sorted().map { RecordedSession(url: folder.appendingPathComponent($0)) }
  }()
}
