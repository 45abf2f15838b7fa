import Foundation
import Testing

/// CI runs the README's test command exactly (`.ci/run`), and CONTRIBUTING shows it too: the three
/// say the same, and the check that leaves the build holding the app with a feature added runs
/// last, so that no check after it compiles that app again.
struct CICommandTests {
  /// README's test command, the line of its set-up block that says CI runs it, without the comment.
  static func readmeCommand() throws -> String {
    let readme = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let line = try #require(readme.split(separator: "\n").first { $0.hasSuffix("# every check, as CI runs it") })
    return String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
  }

  @Test func ciRunsTheREADMEsTestCommandExactly() throws {
    let command = try Self.readmeCommand()
    let run = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
    let code = run.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ") }
    #expect(code == [Substring(command)])
    let contributing = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    #expect(contributing.contains("```sh\n\(command)\n```"), "CONTRIBUTING's \"What must pass\" shows another command")
  }

  /// `Tools/check-new-feature` builds the app with a feature added in the checkout itself and puts
  /// the sources back: the build it leaves holds that app, which `Tools/check-docs` and
  /// `Tools/bench --smoke` would compile again after it.
  @Test func theNewFeatureCheckRunsLast() throws {
    let steps = try Self.readmeCommand().components(separatedBy: " && ")
    #expect(steps.first == "Tools/setup")
    #expect(steps.last == "Tools/check-new-feature", "\(steps)")
  }
}
