import Foundation
import Testing

/// Every commit the documentation names — a figure's "recorded in", a before-and-after pair, a
/// fix — is a commit of the history `HEAD` was made from: a figure dated by a commit nobody can
/// check out cannot be checked. A commit is named as a short or full hash in backticks
/// (`` `e5eeb12` ``), in any Markdown file of the repository.
struct CommitReferenceTests {
  @Test(.enabled(if: History.whyUnavailable == nil, Comment(rawValue: History.whyUnavailable ?? "")))
  func everyCommitTheDocumentationNamesIsAnAncestorOfHead() throws {
    let ancestors = try History.ancestorsOfHead()
    var named = 0
    for document in try Self.markdownFiles() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for hash in Self.commitHashes(in: text) {
        named += 1
        #expect(
          ancestors.contains { $0.hasPrefix(hash) },
          "\(document.path(relativeTo: CodeBlockTests.repository)) names the commit \(hash), which is not an ancestor of HEAD"
        )
      }
    }
    #expect(named > 0)
  }

  @Test func aHashIsSevenToFortyHexDigitsInBackticksWithALetterAmongThem() {
    let text = "at `e5eeb12` and `251faf4`'s, not `1000000`, `E5EEB12`, `e5eeb1`, `e5eeb12x` or e5eeb12"
    #expect(Self.commitHashes(in: text) == ["e5eeb12", "251faf4"])
  }

  /// The hashes in `text`: a run of 7 to 40 lowercase hex digits, holding at least one letter (a
  /// run of digits alone is a number, a seed or a count), between two backticks.
  static func commitHashes(in text: String) -> [String] {
    var hashes: [String] = []
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() where index > 0 && index < parts.count - 1 {
      guard (7...40).contains(part.count),
        part.allSatisfy({ $0.isASCII && $0.isHexDigit && !$0.isUppercase }),
        part.contains(where: \.isLetter)
      else { continue }
      hashes.append(String(part))
    }
    return hashes
  }

  /// Every `.md` file of the repository, outside hidden folders (`.git`, `.build` and any
  /// `.build-…` scratch folder among them).
  static func markdownFiles() throws -> [URL] {
    var files: [URL] = []
    let walker = FileManager.default.enumerator(
      at: CodeBlockTests.repository,
      includingPropertiesForKeys: nil,
      options: [.skipsHiddenFiles]
    )
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "md" { files.append(url) }
    }
    return files.sorted { $0.path < $1.path }
  }
}

/// The repository's history, read with `git`.
enum History {
  /// Why the history cannot be read — no `.git`, no `git`, or a shallow clone, whose history
  /// stops short — or `nil` when it can.
  static let whyUnavailable: String? = {
    let repository = CodeBlockTests.repository
    guard FileManager.default.fileExists(atPath: repository.appendingPathComponent(".git").path) else {
      return "Skipped: the repository has no .git, so the commits the documentation names cannot be checked"
    }
    guard let shallow = try? git("rev-parse", "--is-shallow-repository") else {
      return "Skipped: git could not read the repository's history"
    }
    if shallow.trimmingCharacters(in: .whitespacesAndNewlines) == "true" {
      return "Skipped: the clone is shallow, so not every ancestor of HEAD is here (clone with full history)"
    }
    return nil
  }()

  /// The full hash of every commit `HEAD` was made from, `HEAD` included.
  static func ancestorsOfHead() throws -> [String] {
    try git("rev-list", "HEAD").split(separator: "\n").map(String.init)
  }

  /// What `git <arguments>` prints, run in the repository; throws if it fails.
  static func git(_ arguments: String...) throws -> String {
    let git = try ProgramOutput(
      running: URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", CodeBlockTests.repository.path] + arguments
    )
    guard git.status == 0 else { throw GitFailed(arguments: arguments, status: git.status) }
    return git.text
  }

  /// `git` exited with a status other than 0.
  struct GitFailed: Error {
    let arguments: [String]
    let status: Int32
  }
}
