import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's height, read when a screen is drawn, so a list fits the terminal as it is now
/// (a resized terminal gets a window of its new height at the next redraw).
enum TerminalHeight {
  /// The lines of the display that are not a list's rows: the other features' lines, a list's
  /// header and the line saying how to see the rest, the prompt.
  static let reserved = 10

  /// The fewest rows a list shows, however small the terminal.
  static let fewestRows = 3

  /// The rows a list may fill on standard output's terminal: its height less ``reserved``;
  /// ``TextStyle/defaultRows`` when the height cannot be read.
  static func listRows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
      return TextStyle.defaultRows
    }
    return max(fewestRows, Int(size.ws_row) - reserved)
  }
}
