import Foundation
import Locking
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line editor's thread: writes what is posted, reads a line when asked, has the history
/// file kept (``HistorySaver``), and restores the terminal when told to stop.
struct EditorLoop {
  let mailbox: EditorMailbox
  let history: LineHistory?
  let complete: (String) -> CommandCompletion

  /// Runs until the mailbox says stop, handing each line read, end and interrupt to `yield`.
  func run(prompt: String, yield: (TerminalEvent) -> Void) {
    Self.useUTF8Characters()
    var lines = history?.load() ?? []
    let limit = history?.limit ?? 1000
    let saver = history.map { history in
      HistorySaver(write: history.save) { [mailbox] message in
        if !mailbox.post(.write(message, descriptor: STDERR_FILENO)) { writeAll(message, to: STDERR_FILENO) }
      }
    }
    // NB: the last line typed is in the file before the editor stops.
    defer { saver?.flush() }
    guard let editor = EditLine(prompt: prompt, history: lines, mailbox: mailbox, complete: complete) else {
      writeAll("The line editor could not start on this terminal.\n", to: STDERR_FILENO)
      yield(.end)
      return
    }
    // NB: Once asked, it reads line after line: the terminal stays in the editor's mode, so keys
    //     typed while a command runs are neither echoed twice nor lost; the program's output for
    //     a line is printed above the next prompt.
    var isReading = false
    while true {
      if isReading {
        guard let event = editor.readLine() else { return }
        if case .line(let line) = event {
          let updated = LineHistory.appending(line, to: lines, limit: limit)
          if updated != lines {
            lines = updated
            editor.remember(line)
            // NB: saved off this thread (``HistorySaver``): the line goes to the program now,
            //     and the program's output is written meanwhile, whatever `fsync` takes.
            saver?.save(lines)
          }
        }
        isReading = event != .end
        yield(event)
        continue
      }
      switch editor.nextMessage() {
      case .write(let text, let descriptor):
        writeAll(text, to: descriptor)
      case .readLine:
        isReading = true
      case .interrupt:
        yield(.interruptedLine(""))
      case .resize:
        break
      case .stop:
        return
      }
    }
  }

  /// Lets libedit read and show UTF-8 text: the user's locale, or C.UTF-8 when that is not UTF-8.
  private static func useUTF8Characters() {
    setlocale(LC_CTYPE, "")
    if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
