import Foundation
import Testing

/// The version the app prints is the newest version the changelog names: a release sets both,
/// and its tag carries the same name (CONTRIBUTING.md, "Releasing").
struct VersionTests {
  @Test func theVersionPrintedIsTheChangelogsNewest() async throws {
    let result = try await AppProcess(arguments: ["--version"]).run(input: "")
    #expect(result.status == 0)
    let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let newest = try #require(Self.versions(inChangelog: changelog).first, "CHANGELOG.md names no version")
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == newest)
  }

  @Test func theChangelogsVersionsAreItsHeadingsThatStartWithADigit() {
    let changelog = "# Changelog\n\n## Unreleased\n\n### Sessions\n\n## 1.1.0\n\n## 1.0.0\n"
    #expect(Self.versions(inChangelog: changelog) == ["1.1.0", "1.0.0"])
  }

  /// The versions `changelog` has a `## ` heading for, newest first; `## Unreleased` is none.
  static func versions(inChangelog changelog: String) -> [String] {
    changelog.split(separator: "\n")
      .filter { $0.hasPrefix("## ") }
      .map { String($0.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
      .filter { $0.first?.isNumber == true }
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
