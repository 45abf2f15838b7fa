import Foundation
import Testing

/// Every test the table of differences names as pinning a difference is a test that exists: a
/// renamed or removed test would otherwise leave a difference pinned by nothing. The table is in
/// one place, the *Porting from TCA* article; every other document links to it.
struct PinnedTestTests {
  static let tablePath = "Modules/ComposableCore/ComposableCore.docc/Articles/PortingFromTCA.md"

  @Test func everyTestTheDifferencesNameExists() throws {
    let article = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent(Self.tablePath), encoding: .utf8)
    let sources = try Self.testSources()
    var named = 0
    let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { Self.isTableOfDifferencesHeader($0) })
    for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard let pinnedBy = cells.dropLast().last else { continue }
      for name in Self.testNames(in: String(pinnedBy)) {
        named += 1
        #expect(sources.contains("func \(name)("), "\(Self.tablePath) names the test \(name), which no file under Tests/ declares")
      }
    }
    #expect(named > 10)
  }

  @Test func noOtherDocumentHoldsATableOfDifferences() throws {
    for document in try CommitReferenceTests.markdownFiles()
    where !document.path.hasSuffix(Self.tablePath) {
      let text = try String(contentsOf: document, encoding: .utf8)
      let copies = text.split(separator: "\n").filter { Self.isTableOfDifferencesHeader($0) }
      #expect(
        copies.isEmpty,
        "\(document.path(relativeTo: CodeBlockTests.repository)) has a table of differences: link to \(Self.tablePath) instead"
      )
    }
  }

  /// Whether `line` is the header row of a table of differences: `| Difference | Why | Pinned by |`,
  /// in any case.
  static func isTableOfDifferencesHeader(_ line: Substring) -> Bool {
    line.lowercased().replacingOccurrences(of: " ", with: "").hasPrefix("|difference|why|pinnedby|")
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
