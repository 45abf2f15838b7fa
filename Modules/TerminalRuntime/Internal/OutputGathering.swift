import Locking
import Synchronization

/// Text gathered for a file descriptor and written in blocks: when asked, or when a block is
/// full. Each write is a system call; a piped run that printed a line per write spent more on
/// them than on handling its commands.
final class OutputGathering: Sendable {
  private let descriptor: Int32
  private let gathered = Mutex<[UInt8]>([])
  /// How much is gathered before it is written without being asked.
  static let blockSize = 64 * 1024

  /// Gathering for `descriptor`.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Gathers `text`, writing what is gathered once a block is full.
  func append(_ text: String) {
    gathered.withLock { bytes in
      bytes.append(contentsOf: text.utf8)
      if bytes.count >= Self.blockSize { write(&bytes) }
    }
  }

  /// Writes what is gathered.
  func flush() {
    gathered.withLock { write(&$0) }
  }

  /// NB: Written under the lock, so that what two threads gather is written in the order
  ///     gathered.
  private func write(_ bytes: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    bytes.removeAll(keepingCapacity: true)
  }
}
