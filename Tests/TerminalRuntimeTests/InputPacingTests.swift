import Foundation
import Testing
@testable import TerminalRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A script piped in is read as the program handles it: the reading thread stays at most its
/// capacity of lines ahead, whatever the input holds, and every line still arrives, in order.
@Suite(.timeLimit(.minutes(5)))
struct InputPacingTests {
  @Test func theReaderStaysAtMostItsCapacityAheadOfTheProgram() async throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let script = (1...1_000).map { "add \($0)\n" }.joined()
    _ = script.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, script.utf8.count) }
    close(descriptors[1])

    let (waits, waiting) = AsyncStream.makeStream(of: Void.self)
    let pacing = InputPacing(capacity: 8) { waiting.yield() }
    let queue = TerminalInput(pacing: pacing)
    let stopReading = StandardInput.read(descriptors[0], into: queue, pacing: pacing) {}
    defer { stopReading() }

    // NB: Nothing is taken yet: the reader stops at the capacity, with 992 lines unread.
    var waitsIterator = waits.makeAsyncIterator()
    await waitsIterator.next()
    #expect(pacing.snapshot == (outstanding: 8, isReaderWaiting: true))

    var lines: [String] = []
    while let event = await queue.next() {
      guard case .line(let line) = event else { continue }
      lines.append(line)
      #expect(pacing.snapshot.outstanding <= 8)
    }
    #expect(lines == (1...1_000).map { "add \($0)" })
    close(descriptors[0])
  }
}
