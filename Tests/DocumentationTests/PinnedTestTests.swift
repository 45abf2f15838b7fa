import Foundation
import Testing

/// Every test README's table of differences names as pinning a difference is a test that exists:
/// a renamed or removed test would otherwise leave a difference pinned by nothing.
struct PinnedTestTests {
  @Test func everyTestTheDifferencesNameExists() throws {
    let readme = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let sources = try Self.testSources()
    var named = 0
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0.hasPrefix("| difference | why | pinned by |") })
    for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard let pinnedBy = cells.dropLast().last else { continue }
      for name in Self.testNames(in: String(pinnedBy)) {
        named += 1
        #expect(sources.contains("func \(name)("), "README names the test \(name), which no file under Tests/ declares")
      }
    }
    #expect(named > 10)
  }

  /// `aDefaultValueWritesNoFile` and `.undecodableFileIsReportedInOneReadableLine` in
  /// `` `DeliberateDifferenceTests.aDefaultValueWritesNoFile`, `.undecodableFileIsReportedInOneReadableLine` ``.
  static func testNames(in cell: String) -> [String] {
    cell.split(separator: "`").enumerated().compactMap { index, part -> String? in
      guard index % 2 == 1, let dot = part.lastIndex(of: ".") else { return nil }
      let name = part[part.index(after: dot)...]
      return name.first?.isLowercase == true && name.allSatisfy({ $0.isLetter || $0.isNumber }) ? String(name) : nil
    }
  }

  static func testSources() throws -> String {
    let root = CodeBlockTests.repository.appendingPathComponent("Tests")
    var text = ""
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "swift" { text += (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
    }
    return text
  }
}
