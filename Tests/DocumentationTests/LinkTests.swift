import Foundation
import Testing

/// Every link from one document of the repository to another file of it leads to a file that is
/// there: README.md's links to the articles, the user's guide and the tools' documents included.
struct LinkTests {
  @Test func everyLinkToAFileOfTheRepositoryLeadsToOne() throws {
    var links = 0
    for document in try CodeBlockTests.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for target in Self.linkTargets(in: text) {
        let path = String(target.prefix { $0 != "#" })
        guard !path.isEmpty, !path.contains("://"), !path.hasPrefix("mailto:") else { continue }
        links += 1
        let file = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        #expect(
          FileManager.default.fileExists(atPath: file.path),
          "\(document.path(relativeTo: CodeBlockTests.repository)) links to \(path), which is not there"
        )
      }
    }
    #expect(links > 0)
  }

  @Test func linkTargetsAreTheParenthesesAfterABracket() {
    #expect(Self.linkTargets(in: "see [the guide](App/README.md) and [x](#a), not (this)") == ["App/README.md", "#a"])
  }

  /// The targets of the Markdown links `[text](target)` in `text`.
  static func linkTargets(in text: String) -> [String] {
    var targets: [String] = []
    var rest = text[...]
    while let close = rest.range(of: "](") {
      let after = rest[close.upperBound...]
      guard let end = after.firstIndex(of: ")") else { break }
      targets.append(String(after[..<end]))
      rest = after[end...]
    }
    return targets
  }
}
