/// Something that happened at the terminal: a line typed or piped in, a line that could not
/// be read, the end of input, or an interrupt (Ctrl-C), as a signal or at the editor's prompt.
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
}
