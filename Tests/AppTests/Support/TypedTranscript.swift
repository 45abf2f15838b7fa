import Foundation
import TemporaryFiles

/// A typed transcript: the app at a terminal (a pseudo-terminal, `TERM=xterm`, so its line editor
/// runs), over a new data directory. Each `> ` line is typed — the keys after `←` if the line
/// says which (`fi Tab ac Tab Return`), else the line and Return — and each line under it must
/// then appear on the terminal, in order. The terminal also shows the keys echoed and the prompt
/// redrawn, which the block leaves out, so the lines are looked for, not compared byte for byte.
struct TypedTranscript {
  /// One line typed and the lines it shows.
  struct Step: Equatable {
    var keys: String
    var shown: [String]
  }

  let steps: [Step]

  /// The command a typed block starts with: the app at a terminal, with a data directory of its own.
  static let start = #"app --data-dir "$(mktemp -d)""#

  /// The steps of a typed block whose first command starts the app, or why it cannot run.
  static func make(_ transcript: Transcript) -> Result<TypedTranscript, TranscriptError> {
    guard let first = transcript.steps.first,
      first.command.split(separator: "#", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == start
    else { return .failure(TranscriptError("a typed transcript starts with $ \(start)")) }
    // NB: what the app shows before its first prompt is shown without a key pressed.
    var steps: [Step] = [Step(keys: "", shown: [])]
    for line in first.output {
      if line.hasPrefix("> ") {
        let typed = String(line.dropFirst(2))
        let parts = typed.components(separatedBy: "←")
        let keys: String
        if parts.count > 1 {
          guard let parsed = Self.keys(parts[1]) else {
            return .failure(TranscriptError("keys not understood: \(parts[1])"))
          }
          keys = parsed
        } else {
          keys = typed + "\r"
        }
        steps.append(Step(keys: keys, shown: []))
      } else {
        steps[steps.count - 1].shown.append(line)
      }
    }
    return .success(TypedTranscript(steps: steps))
  }

  /// The bytes of a key list: words are typed as they are, `"…"` as what is between the quotes,
  /// and `Tab`, `Return`, `Up`, `Down`, `Left`, `Right` and `Ctrl-<letter>` as a terminal sends
  /// them; `nil` for anything else.
  static func keys(_ list: String) -> String? {
    var bytes = ""
    var rest = list.trimmingCharacters(in: .whitespaces)[...]
    while !rest.isEmpty {
      if rest.first == "\"" {
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: "\"") else { return nil }
        bytes += body[..<close]
        rest = body[body.index(after: close)...]
      } else {
        let word = rest.prefix { $0 != " " }
        rest = rest.dropFirst(word.count)
        switch word {
        case "Tab": bytes += "\t"
        case "Return": bytes += "\r"
        case "Up": bytes += "\u{1B}[A"
        case "Down": bytes += "\u{1B}[B"
        case "Right": bytes += "\u{1B}[C"
        case "Left": bytes += "\u{1B}[D"
        default:
          if word.hasPrefix("Ctrl-"), word.count == 6, let letter = word.last?.asciiValue {
            bytes += String(UnicodeScalar(letter & 0x1F))
          } else if word.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "-" }) {
            return nil
          } else {
            bytes += word
          }
        }
      }
      rest = rest.drop { $0 == " " }
    }
    return bytes
  }

  /// Types every step into the app and returns the first line that did not appear, with what
  /// the terminal showed, or `nil` when every one did.
  func run() async throws -> String? {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try InteractiveApp.editing(directory)
    defer { app.stop() }
    for step in steps {
      var offset = app.shownCount
      if step.keys.isEmpty {
        // NB: the start: what the app shows before its first prompt, from the first byte.
        offset = 0
        guard await app.waitFor("> ") else { return "no prompt:\n\(app.text)" }
      }
      app.press(step.keys)
      for line in step.shown {
        guard await app.waitFor(line, after: offset) else {
          return "\"\(line)\" did not appear after \(step.keys.debugDescription); the terminal showed:\n\(app.text)"
        }
        // NB: the next line is looked for after this one.
        let shown = String(decoding: app.text.utf8.dropFirst(offset), as: UTF8.self)
        if let range = shown.range(of: line) { offset += shown[..<range.upperBound].utf8.count }
      }
    }
    return await app.quit() == 0 ? nil : "the app did not exit 0 on quit:\n\(app.text)"
  }
}

/// Why a transcript cannot run.
struct TranscriptError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
