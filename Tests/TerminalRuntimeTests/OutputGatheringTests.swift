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

  @Test func textIsWrittenWhenAskedInTheOrderGathered() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]); close(ends[1]) }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    let gathering = OutputGathering(descriptor: ends[1])
    gathering.append("count: 1\n")
    gathering.append("count: 2\n")
    #expect(available(ends[0]) == "")
    gathering.flush()
    #expect(available(ends[0]) == "count: 1\ncount: 2\n")
    gathering.flush()
    #expect(available(ends[0]) == "")
  }

  @Test func aFullBlockIsWrittenUnasked() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]); close(ends[1]) }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    // NB: Larger than the block, smaller than the pipe's capacity once read as it comes.
    let gathering = OutputGathering(descriptor: ends[1])
    let line = String(repeating: "x", count: 1023) + "\n"
    var read = ""
    for _ in 0..<(OutputGathering.blockSize / line.utf8.count) {
      gathering.append(line)
      read += available(ends[0])
    }
    #expect(read.utf8.count == OutputGathering.blockSize)
    gathering.append("last\n")
    #expect(available(ends[0]) == "")
    gathering.flush()
    #expect(available(ends[0]) == "last\n")
  }
}
