import Testing
@testable import TerminalRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gathered output is written when asked, or when a block is full, in the order gathered.
struct OutputGatheringTests {
  /// The bytes waiting in the pipe's read end, without waiting for more.
  func available(_ descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A pipe whose read end does not wait: its two ends, closed by `body`'s end.
  func withPipe(_ body: (_ read: Int32, _ write: Int32) throws -> Void) throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]); close(ends[1]) }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    try body(ends[0], ends[1])
  }

  @Test func textIsWrittenWhenAskedInTheOrderGathered() throws {
    try withPipe { readEnd, writeEnd in
      let gathering = OutputGathering(descriptor: writeEnd)
      gathering.append("count: 1\n")
      gathering.append("count: 2\n")
      #expect(available(readEnd) == "")
      gathering.flush()
      #expect(available(readEnd) == "count: 1\ncount: 2\n")
      gathering.flush()
      #expect(available(readEnd) == "")
    }
  }

  @Test func aFullBlockIsWrittenUnasked() throws {
    try withPipe { readEnd, writeEnd in
      // NB: Read as it comes, so that the pipe's capacity never holds the writer back.
      let gathering = OutputGathering(descriptor: writeEnd)
      let line = String(repeating: "x", count: 1023) + "\n"
      var read = ""
      for _ in 0..<(OutputGathering.blockSize / line.utf8.count) {
        gathering.append(line)
        read += available(readEnd)
      }
      #expect(read.utf8.count == OutputGathering.blockSize)
      gathering.append("last\n")
      #expect(available(readEnd) == "")
      gathering.flush()
      #expect(available(readEnd) == "last\n")
    }
  }
}
