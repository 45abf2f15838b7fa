import ComposableCore
import TerminalUI

/// What a program tells the one who watches it — a recorder, a replay, a test harness: each
/// event as it is handled and once it has been, each send a line asked for with the work it
/// started, and everything written.
///
/// A program is driven by the events it reads (``TerminalProgram/run(_:)``) and observed
/// through its tap (``TerminalProgram/tap``), the same way whoever drives it: the app reading
/// standard input, `SessionRecorder` recording it, `SessionReplay` feeding it a recording.
///
/// Called from any thread: what a launcher reports may be written from the thread that found
/// it, so an implementation keeps its own order under a lock.
public protocol TerminalProgramTap: Sendable {
  /// The program is about to handle `event`: a line, an unreadable line, the end of input, or
  /// an interrupt (Ctrl-C, as a signal or at the editor's prompt).
  func willHandle(_ event: TerminalEvent)
  /// The program has handled `event` and reads the next one when it comes; `namedNoCommand`
  /// tells that it was a line whose first word is no command understood there. An interrupt
  /// that ends the program is not followed by this call.
  func didHandle(_ event: TerminalEvent, namedNoCommand: Bool)
  /// The program is about to send the action the line being handled asked for: the first
  /// action the store processes next came from that line.
  func willSendFromLine()
  /// The program sent the action the line being handled asked for; `task` is the work it
  /// started, which a script waits for and a typed line does not.
  func didSendFromLine(_ task: StoreTask)
  /// The program (or its launcher) wrote `text`, which ends in a line break unless it is a
  /// prompt.
  func wrote(_ text: String, to stream: TerminalOutput.Stream)
  /// The program reads no more input (`quit`, the end of input) and lets the effects still
  /// running finish, up to its shutdown timeout, before it returns.
  func willShutDown()
}

extension TerminalProgramTap {
  /// Does nothing: a tap that records what comes in need not know when it was handled.
  public func didHandle(_ event: TerminalEvent, namedNoCommand: Bool) {}
  /// Does nothing: a tap that records what is written need not follow the work a send started.
  public func didSendFromLine(_ task: StoreTask) {}
  /// Does nothing: a tap that records events sees the end of input or `quit` itself.
  public func willShutDown() {}
}

extension TerminalOutput {
  /// Where a piece of text went.
  public enum Stream: String, Sendable {
    /// Standard output: the lines of the display that changed, what a command prints (`help`,
    /// a `.print` outcome) and the prompt.
    case output
    /// Standard error: what the program says went wrong with a line.
    case error
    /// Standard error, written by the launcher rather than the program: a file kept aside, a
    /// value that could not be saved.
    case notice
  }

  /// This output, telling `tap` everything written through it.
  public func tapped(by tap: (any TerminalProgramTap)?) -> TerminalOutput {
    guard let tap else { return self }
    return TerminalOutput(
      output: { text in
        tap.wrote(text, to: .output)
        self.write(text)
      },
      error: { text in
        tap.wrote(text, to: .error)
        self.error(String(text.dropLast()))
      },
      flush: { self.flush() }
    )
  }
}
