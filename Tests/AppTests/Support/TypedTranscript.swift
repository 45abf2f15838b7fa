import Foundation
import TemporaryFiles

/// A typed transcript: the app at a terminal (a pseudo-terminal of 80 × 24, `TERM=xterm`, so
/// its line editor runs), over a new data directory, read through a model of the screen
/// (``VirtualTerminal``) so that what is compared is what a person sees, exactly.
///
/// Each `> ` line is typed — the keys after `←` if the line says which (`fi Tab ac Tab Return`),
/// else the line and Return. The row the prompt stood on when the keys were pressed must then
/// read as the `> ` line does (the text before `←`, without the spaces that line the arrows up),
/// and the rows under it, down to the row of the next prompt (where the next keys are pressed,
/// or `quit` after the last), must be the lines under the `> ` line, one for one. The lines
/// before the first `> ` line are the rows above the first prompt. A row's blanks at its end are
/// not part of it; nothing else is left out or matched loosely.
///
/// Each step waits until the cursor is on a prompt again, under as many rows as the block shows
/// for the step (the wait is the synchronisation, its timeout only a guard against a hang, met
/// when the screen never shows that many), and then compares them; once the app has quit, every
/// step is compared again on the final screen, so that output that arrived late, after its step
/// had matched, fails too.
struct TypedTranscript {
  /// One line typed and the rows it shows.
  struct Step: Equatable {
    var keys: String
    /// The prompt's row as the block shows it once the keys are pressed (`> ` and the line);
    /// `nil` for the start, which presses none.
    var row: String?
    var shown: [String]

    /// The rows the step shows: its prompt's row, then the lines under it.
    var rows: [String] { (row.map { [$0] } ?? []) + shown }
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
    var steps: [Step] = [Step(keys: "", row: nil, shown: [])]
    for line in first.output {
      if line.hasPrefix("> ") {
        let typed = String(line.dropFirst(2))
        let parts = typed.components(separatedBy: "←")
        if parts.count > 1 {
          guard let keys = Self.keys(parts[1]) else {
            return .failure(TranscriptError("keys not understood: \(parts[1])"))
          }
          let row = "> " + parts[0].replacing(/\ +$/, with: "")
          steps.append(Step(keys: keys, row: row, shown: []))
        } else {
          steps.append(Step(keys: typed + "\r", row: line, shown: []))
        }
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

  /// Types every step into the app and returns the first difference between what the block
  /// shows and what the screen shows, or `nil` when there is none.
  func run() async throws -> String? {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try InteractiveApp.editing(directory)
    defer { app.stop() }
    do {
      // NB: the row each step's rows start at: the top for the start, then the prompt's row as
      //     the step's keys are pressed.
      var starts: [Int] = []
      for step in steps {
        let start = starts.isEmpty ? 0 : try VirtualTerminal.showing(app.text).cursorLine
        starts.append(start)
        guard await app.waitUntilReadingKeys() else { return "the app's line editor did not take keys:\n\(app.text)" }
        app.press(step.keys)
        // NB: rows are only added above the prompt while a step runs, so once there are as
        //     many as the block shows, what they say is final.
        _ = await app.waitUntil { text in
          guard let screen = try? VirtualTerminal.showing(text) else { return true }
          return (Self.rows(of: screen, from: start)?.count ?? -1) >= step.rows.count
        }
        let screen = try VirtualTerminal.showing(app.text)
        if Self.rows(of: screen, from: start) != step.rows {
          return Self.difference(step, screen.lines.dropFirst(start))
        }
      }
      let end = try VirtualTerminal.showing(app.text).cursorLine
      guard await app.quit() == 0 else { return "the app did not exit 0 on quit:\n\(app.text)" }
      let lines = try VirtualTerminal.showing(app.text).lines
      for (index, step) in steps.enumerated() {
        let until = index + 1 < starts.count ? starts[index + 1] : end
        guard until <= lines.count, lines[starts[index]..<until].elementsEqual(step.rows) else {
          return "once the app had quit, " + Self.difference(step, lines[starts[index]...])
        }
      }
      return nil
    } catch {
      return "\(error), in what the app wrote:\n\(app.text.debugDescription)"
    }
  }

  /// The screen's lines from row `start` down to the cursor's row, when the cursor's row is
  /// `start` or below it and shows the prompt; `nil` while it does not.
  static func rows(of screen: VirtualTerminal, from start: Int) -> [String]? {
    let lines = screen.lines
    let end = screen.cursorLine
    guard start <= end, lines[end] == ">" || lines[end].hasPrefix("> ") else { return nil }
    return Array(lines[start..<end])
  }

  /// Says what `step` shows in the block and what the screen's `lines` from its start show
  /// (the blank rows at the bottom left out).
  private static func difference(_ step: Step, _ lines: ArraySlice<String>) -> String {
    let lines = lines[..<((lines.lastIndex { !$0.isEmpty } ?? lines.startIndex - 1) + 1)]
    let pressed = step.keys.isEmpty ? "at the start" : "after \(step.keys.debugDescription)"
    return """
      \(pressed) the block shows:
      \(step.rows.map { "|" + $0 }.joined(separator: "\n"))
      and the screen, from there down:
      \(lines.map { "|" + $0 }.joined(separator: "\n"))
      """
  }
}

/// Why a transcript cannot run.
struct TranscriptError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
