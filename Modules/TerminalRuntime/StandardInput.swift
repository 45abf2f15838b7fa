import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a file descriptor (standard input, piped) as terminal events, read on a thread
/// of its own so the main actor stays free for the store and its effects while the app waits
/// for input, plus SIGINT: what ``TerminalProgramInput/lines(of:)`` reads.
enum StandardInput {
  /// The lines of `descriptor` pushed straight into `input` by the reading thread, paced by
  /// `pacing`, then ``TerminalEvent/end``; SIGINT calls `onInterrupt`. What a piped program
  /// reads: an event handed over costs a lock, with no stream and no task between the thread and
  /// the program.
  ///
  /// - Returns: What stops the reading and the signal's handling.
  static func read(
    _ descriptor: Int32,
    into input: TerminalInput,
    pacing: InputPacing,
    onInterrupt: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    let interrupts = SignalSource(SIGINT, onSignal: onInterrupt)
    read(descriptor, maxLineLength: 64 * 1024, pacing: pacing) { event in
      if let event {
        input.push(event)
      } else {
        input.finish()
      }
    }
    return {
      interrupts.cancel()
      pacing.cancel()
    }
  }

  /// Reads `descriptor` on a thread of its own, handing each event to `deliver`, then
  /// ``TerminalEvent/end``, then `nil`.
  private static func read(
    _ descriptor: Int32,
    maxLineLength: Int,
    pacing: InputPacing?,
    deliver: @escaping @Sendable (TerminalEvent?) -> Void
  ) {
    let thread = Thread {
      var splitter = LineSplitter(maxLineLength: maxLineLength)
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      reading: while true {
        let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        for event in splitter.append(buffer[0..<count]) {
          if let pacing, !pacing.waitForRoom() { break reading }
          deliver(event)
        }
      }
      for event in splitter.finish() {
        if let pacing, !pacing.waitForRoom() { break }
        deliver(event)
      }
      deliver(.end)
      deliver(nil)
    }
    thread.name = "standard-input"
    thread.start()
  }
}

/// `read(2)`, under a name the static `read` functions above do not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
