import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard input as terminal events, read on a thread of its own so the main
/// actor stays free for the store and its effects while the app waits for input, plus SIGINT.
public enum StandardInput {
  /// Whether standard input is a terminal (a person typing) rather than a pipe or a file.
  public static var isTerminal: Bool {
    isatty(STDIN_FILENO) == 1
  }

  /// Lines of standard input, then ``TerminalEvent/end``; ``TerminalEvent/interrupt`` on
  /// SIGINT. A line over `maxLineLength` bytes, or not UTF-8, becomes
  /// ``TerminalEvent/unreadable(_:)`` and the reading goes on.
  public static func events(maxLineLength: Int = 64 * 1024) -> AsyncStream<TerminalEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let interrupts = SignalSource(SIGINT) { continuation.yield(.interrupt) }
    continuation.onTermination = { _ in interrupts.cancel() }
    let thread = Thread {
      var splitter = LineSplitter(maxLineLength: maxLineLength)
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        for event in splitter.append(buffer[0..<count]) {
          continuation.yield(event)
        }
      }
      for event in splitter.finish() {
        continuation.yield(event)
      }
      continuation.yield(.end)
      continuation.finish()
    }
    thread.name = "standard-input"
    thread.start()
    return stream
  }
}
