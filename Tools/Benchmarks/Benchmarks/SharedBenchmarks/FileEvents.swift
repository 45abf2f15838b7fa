import Foundation
import Glibc

/// Counts, from outside the process's own code, how often a file in a directory is replaced
/// (renamed into place) or closed after writing: inotify on the directory.
final class FileEvents {
  private let descriptor: Int32
  private let name: String

  init(directory: URL, name: String) {
    self.name = name
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
    precondition(descriptor >= 0, "inotify_init1 failed")
    let watch = inotify_add_watch(descriptor, directory.path, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE))
    precondition(watch >= 0, "inotify_add_watch failed")
  }

  deinit {
    close(descriptor)
  }

  /// Waits up to `timeout` milliseconds for events; returns how many concerned the file.
  func wait(timeout: Int32) -> Int {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, timeout) > 0 else { return 0 }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    var matches = 0
    var offset = 0
    let headerSize = MemoryLayout<inotify_event>.size
    while offset + headerSize <= count {
      let (length, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        let nameBytes = raw[(offset + headerSize)..<(offset + headerSize + Int(event.len))]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        return (Int(event.len), name)
      }
      if eventName == name { matches += 1 }
      offset += headerSize + length
    }
    return matches
  }
}
