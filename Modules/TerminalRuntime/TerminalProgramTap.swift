import TerminalUI

/// What a program tells the one who records it (or replays it): each event as it is handled,
/// each send a line asked for, and everything written. See `SessionRecorder` in `Sessions`.
///
/// Called from any thread: what a launcher reports may be written from the thread that found
/// it, so an implementation keeps its own order under a lock.
package protocol TerminalProgramTap: Sendable {
  /// The program is about to handle `event`: a line, an unreadable line, the end of input, or
  /// an interrupt (Ctrl-C, as a signal or at the editor's prompt).
  func willHandle(_ event: TerminalEvent)
  /// The program is about to send the action the line being handled asked for: the first
  /// action the store processes next came from that line.
  func willSendFromLine()
  /// The program (or its launcher) wrote `text`, which ends in a line break unless it is a
  /// prompt.
  func wrote(_ text: String, to stream: TerminalOutput.Stream)
}

extension TerminalOutput {
  /// Where a piece of text went.
  package enum Stream: String, Sendable {
    /// Standard output: the screen.
    case output
    /// Standard error: what the program says went wrong with a line.
    case error
    /// Standard error, written by the launcher rather than the program: a file kept aside, a
    /// value that could not be saved.
    case notice
  }

  /// This output, telling `tap` everything written through it.
  package func tapped(by tap: (any TerminalProgramTap)?) -> TerminalOutput {
    guard let tap else { return self }
    return TerminalOutput(
      output: { text in
        tap.wrote(text, to: .output)
        self.write(text)
      },
      error: { text in
        tap.wrote(text, to: .error)
        self.error(String(text.dropLast()))
      }
    )
  }
}
