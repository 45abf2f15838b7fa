#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's height, read at the start of a typed run and after each resize, so a list
/// shows a page that fits the terminal as it is now (``TerminalEvent/resized(rows:)``).
enum TerminalHeight {
  /// The lines of the display that are not a list's rows: the other features' lines, a list's
  /// header and the line saying how to see the rest, the prompt.
  static let reserved = 10

  /// The fewest rows a list shows, however small the terminal.
  static let fewestRows = 3

  /// The rows a list shows when the terminal's height cannot be read.
  static let fallbackRows = 20

  /// The rows a list may fill on standard output's terminal: its height less ``reserved``;
  /// ``fallbackRows`` when the height cannot be read.
  static func listRows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
      return fallbackRows
    }
    return max(fewestRows, Int(size.ws_row) - reserved)
  }
}
