import Foundation
import Testing

/// Every Swift code block in README.md, CONTRIBUTING.md, the user's guide and the modules' documentation catalogs
/// is taken from a file that is built or tested, and still matches it: the line before the block
/// names the file (`<!-- source: Modules/CounterFeature/Counter.swift -->`), and the block's
/// lines, trimmed, are a run of that file's lines, trimmed (blank lines and whole-line comments
/// ignored; a line `…` or `// …` skips any number of the file's lines). An example that drifts
/// from its code fails here.
struct CodeBlockTests {
  @Test func everySwiftBlockIsTakenFromAFileThatStillHoldsIt() throws {
    let blocks = try Self.documents().flatMap(CodeBlock.all(in:))
    #expect(blocks.count > 0)
    for block in blocks {
      let problem = block.problem(inRepository: Self.repository)
      #expect(problem == nil, "\(block.document.path(relativeTo: Self.repository)):\(block.line): \(problem ?? "")")
    }
  }

  @Test func aBlockThatDriftsFromItsFileIsCaught() {
    let source = """
      struct Counter {
        var count = 0
        func increment() {}
        func decrement() {}
      }
      """
    func check(_ block: String) -> Bool {
      CodeBlock.matches(block.split(separator: "\n").map(String.init), source.split(separator: "\n").map(String.init))
    }
    #expect(check("struct Counter {\n  var count = 0"))
    #expect(check("struct Counter {\n…\n  func decrement() {}\n}"))
    #expect(check("struct Counter {\n  // …\n}"))
    #expect(!check("struct Counter {\n  var count = 1"))
    #expect(!check("struct Counter {\n  func increment() {}"))
    #expect(!check("func decrement() {}\n…\nvar count = 0"))
    // NB: comments are not code: an example may leave out a doc comment, or keep one.
    #expect(check("/// A counter.\nstruct Counter {\n  var count = 0"))
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md, CONTRIBUTING.md, the user's guide and every Markdown file of a `.docc` catalog.
  static func documents() throws -> [URL] {
    var documents = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "App/README.md"].map { repository.appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
    for folder in ["Modules", "App"] {
      let root = repository.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "md" && url.path.contains(".docc/") {
        documents.append(url)
      }
    }
    return documents.sorted { $0.path < $1.path }
  }
}

/// A fenced Swift block of a Markdown document, with the file the comment before it names.
struct CodeBlock {
  let document: URL
  /// The line of the opening fence, from 1.
  let line: Int
  let source: String?
  let lines: [String]

  static func all(in document: URL) throws -> [CodeBlock] {
    let text = try String(contentsOf: document, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var blocks: [CodeBlock] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index].trimmingCharacters(in: .whitespaces)
      guard fence.hasPrefix("```") else {
        index += 1
        continue
      }
      let opening = index
      var end = index + 1
      while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
      if fence == "```swift" {
        let before = opening > 0 ? lines[opening - 1].trimmingCharacters(in: .whitespaces) : ""
        let source = before.hasPrefix("<!-- source: ") && before.hasSuffix(" -->")
          ? String(before.dropFirst("<!-- source: ".count).dropLast(" -->".count)) : nil
        blocks.append(CodeBlock(document: document, line: opening + 1, source: source, lines: Array(lines[(opening + 1)..<min(end, lines.count)])))
      }
      index = end + 1
    }
    return blocks
  }

  /// Why the block does not hold: no source named, a source that is not there, or lines the
  /// source does not have; `nil` when it holds.
  func problem(inRepository repository: URL) -> String? {
    guard let source else { return "a swift block must follow <!-- source: path/to/File.swift -->" }
    guard let text = try? String(contentsOf: repository.appendingPathComponent(source), encoding: .utf8) else {
      return "no file \(source)"
    }
    return Self.matches(lines, text.components(separatedBy: "\n")) ? nil : "the block is not in \(source) as written"
  }

  /// Whether `block`'s lines are runs of `file`'s, in order (trimmed; blank lines and whole-line
  /// comments ignored on both sides, so an example may leave out the doc comments; a line `…`
  /// or `// …` in the block skips any number of the file's lines).
  static func matches(_ block: [String], _ file: [String]) -> Bool {
    func code(_ lines: [String]) -> [String] {
      lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }
    var segments: [[String]] = [[]]
    for line in block.map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line == "…" || line == "// …" {
        segments.append([])
      } else {
        segments[segments.count - 1] += code([line])
      }
    }
    let haystack = code(file)
    var from = 0
    for segment in segments where !segment.isEmpty {
      guard let start = (from...max(from, haystack.count - segment.count)).first(where: { start in
        start + segment.count <= haystack.count && Array(haystack[start..<(start + segment.count)]) == segment
      }) else { return false }
      from = start + segment.count
    }
    return true
  }
}

extension URL {
  func path(relativeTo root: URL) -> String {
    let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
