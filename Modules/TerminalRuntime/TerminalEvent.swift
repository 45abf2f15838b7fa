/// Something that happened at the terminal: a line typed or piped in, a line that could not
/// be read, the end of input, an interrupt (Ctrl-C), as a signal or at the editor's prompt, or
/// a display of a new height.
public enum TerminalEvent: Equatable, Sendable {
  /// A complete line, without its line break.
  case line(String)
  /// A line that was skipped, with the reason: too long, or not UTF-8.
  case unreadable(String)
  /// The end of input.
  case end
  /// SIGINT.
  case interrupt
  /// Ctrl-C at the line editor's prompt, with the text that was typed (cleared now).
  case interruptedLine(String)
  /// The terminal has room for this many rows of a list: at the start of a typed run and after
  /// the terminal is resized (Bubble Tea's window-size message). Views that page a list are told
  /// (`TerminalView.terminalResized(rows:state:)`).
  case resized(rows: Int)
}
