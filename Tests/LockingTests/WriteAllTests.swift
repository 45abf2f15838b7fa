import Foundation
import Testing
@testable import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Every byte is written, however many writes it takes; a write that fails says why.
struct WriteAllTests {
  @Test func everyByteOfALargeBufferReachesThePipe() async throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let (input, output) = (descriptors[0], descriptors[1])
    // NB: Larger than a pipe's buffer: the writes are partial until the reader drains it.
    let text = String(repeating: "0123456789abcdef", count: 64 * 1024)
    let (counted, counting) = AsyncStream.makeStream(of: Int.self)
    Thread {
      var total = 0
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        total += count
      }
      counting.yield(total)
      counting.finish()
    }.start()
    #expect(writeAll(text, to: output) == nil)
    close(output)
    var totals = counted.makeAsyncIterator()
    #expect(await totals.next() == text.utf8.count)
    close(input)
  }

  @Test func aFailedWriteGivesItsError() {
    #expect(writeAll("lost", to: -1) == EBADF)
  }
}
