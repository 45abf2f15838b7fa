import Foundation

/// A `console` block of the documentation: the commands it shows (`$ …`, a line ending in `\`
/// continued on the next) and the output under each, as a reader would type and see them.
///
/// The line before the block may say it is not run, and why:
/// `<!-- transcript: not run: <reason> -->`. Every other block is run.
struct Transcript: Sendable, CustomStringConvertible {
  /// One command and what the block shows it printing.
  struct Step: Sendable, Equatable {
    var command: String
    var output: [String]
  }

  /// The document, relative to the repository.
  let document: String
  /// The line of the opening fence, from 1.
  let line: Int
  let steps: [Step]
  /// Why the block is not run, when it says so.
  let notRun: String?
  /// Whether the block shows lines typed at a prompt (`> …`).
  let isTyped: Bool

  var description: String { "\(document):\(line)" }

  /// The marker that keeps a block from being run: `<!-- transcript: not run: <reason> -->`.
  static let notRunPrefix = "<!-- transcript: not run: "

  /// The documents whose transcripts are run: README.md, CONTRIBUTING.md, the user's guide and
  /// the documentation catalogs' articles.
  static func documents(in repository: URL) -> [URL] {
    var documents = ["README.md", "CONTRIBUTING.md", "App/README.md"].map { repository.appendingPathComponent($0) }
    let walker = FileManager.default.enumerator(at: repository.appendingPathComponent("Modules"), includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "md" && url.path.contains(".docc/") { documents.append(url) }
    }
    return documents.sorted { $0.path < $1.path }
  }

  /// Every `console` block of `text`.
  static func all(in text: String, document: String) -> [Transcript] {
    let lines = text.components(separatedBy: "\n")
    var transcripts: [Transcript] = []
    var index = 0
    while index < lines.count {
      guard lines[index].trimmingCharacters(in: .whitespaces) == "```console" else {
        index += 1
        continue
      }
      let opening = index
      var end = index + 1
      while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
      let body = Array(lines[(opening + 1)..<min(end, lines.count)])
      let before = opening > 0 ? lines[opening - 1].trimmingCharacters(in: .whitespaces) : ""
      let notRun = before.hasPrefix(notRunPrefix) && before.hasSuffix(" -->")
        ? String(before.dropFirst(notRunPrefix.count).dropLast(" -->".count)) : nil
      transcripts.append(
        Transcript(
          document: document, line: opening + 1, steps: steps(of: body), notRun: notRun,
          isTyped: body.contains { $0.hasPrefix("> ") }
        )
      )
      index = end + 1
    }
    return transcripts
  }

  /// The commands of a block's lines and the output under each; lines before the first command
  /// belong to none.
  static func steps(of lines: [String]) -> [Step] {
    var steps: [Step] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("$ ") {
        var command = String(line.dropFirst(2))
        while command.hasSuffix("\\"), index + 1 < lines.count {
          index += 1
          command += "\n" + lines[index]
        }
        steps.append(Step(command: command, output: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output.append(line)
      }
      index += 1
    }
    return steps
  }

  /// The block as written: each command after `$ `, and its output.
  var expected: String {
    steps.map { (["$ " + $0.command] + $0.output).joined(separator: "\n") }.joined(separator: "\n")
  }

  /// Whether `command` runs in the background (`… &`, a comment after it allowed), and the
  /// command without its `&`.
  static func background(_ command: String) -> String? {
    var code = command
    if let comment = code.range(of: " #") { code = String(code[..<comment.lowerBound]) }
    code = code.trimmingCharacters(in: .whitespaces)
    guard code.hasSuffix("&"), !code.hasSuffix("&&") else { return nil }
    return String(code.dropLast()).trimmingCharacters(in: .whitespaces)
  }
}
