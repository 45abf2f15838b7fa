import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// An inotify watch on one directory, calling `onChange` on `queue` when a file named in `names`
/// is created, written, renamed into place or deleted.
///
/// The descriptor is read by a dispatch source when it has events (no thread waits on it and
/// nothing polls); ``cancel()`` removes the source and closes the descriptor.
final class DirectoryWatch: Sendable {
  /// The inotify descriptor; closed once the watch is cancelled.
  let descriptor: Int32
  /// The source reading the descriptor, until cancelled.
  ///
  /// NB: corelibs-dispatch does not mark its sources `Sendable`; this one is only resumed and
  ///     cancelled, under the lock, and dispatch allows both from any thread.
  private let source: Lock<UncheckedSource?>

  private struct UncheckedSource: @unchecked Sendable {
    let value: any DispatchSourceRead
  }

  /// Starts watching `directory`, or returns `nil` if inotify cannot watch it.
  init?(directory: String, names: Set<String>, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    // NB: IN_MODIFY because SQLite writes a commit into files it keeps open: no close follows.
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    guard inotify_add_watch(fd, directory, mask) >= 0 else {
      close(fd)
      return nil
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler {
      if Self.drain(fd, matching: names) { onChange() }
    }
    source.setCancelHandler { close(fd) }
    self.descriptor = fd
    self.source = Lock(UncheckedSource(value: source))
    source.resume()
  }

  /// Stops watching and closes the descriptor. Calling it again does nothing.
  func cancel() {
    source.withLock { $0.take() }?.value.cancel()
  }

  deinit { cancel() }

  /// Reads every pending event; whether one of them names a file in `names`.
  private static func drain(_ fd: Int32, matching names: Set<String>) -> Bool {
    let capacity = 16 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    var matched = false
    while true {
      let count = read(fd, buffer, capacity)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return matched }
      var offset = 0
      // NB: each event is a 16-byte `inotify_event` header followed by `len` bytes of name.
      while offset + 16 <= count {
        let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
        if length > 0 {
          let name = String(cString: (buffer + offset + 16).assumingMemoryBound(to: CChar.self))
          if names.contains(name) { matched = true }
        }
        offset += 16 + length
      }
    }
  }
}
