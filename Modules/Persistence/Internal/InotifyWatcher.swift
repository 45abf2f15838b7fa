import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// One inotify descriptor for the process, read by one thread that blocks in `read` (no polling).
///
/// Watches directories rather than files, so atomic renames into place, deletes and re-creations
/// are all seen; events are routed to the handlers of the file they name.
final class InotifyWatcher: Sendable {
  static let shared = InotifyWatcher()

  private struct Handler {
    let name: String
    let onChange: @Sendable () -> Void
  }

  private struct State {
    var nextToken = 0
    var directories: [String: Int32] = [:]
    var handlers: [Int32: [Int: Handler]] = [:]
  }

  private let fd: Int32
  private let state = Lock(State())

  private init() {
    fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { return }
    let thread = Thread { [fd, self] in self.run(fd) }
    thread.name = "Persistence.InotifyWatcher"
    thread.start()
  }

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    guard fd >= 0 else { return SharedSubscription {} }
    let directory = url.deletingLastPathComponent().path
    // NB: no IN_CREATE or IN_MODIFY: a file being written by a non-atomic writer is read only once
    //     it is closed, never half-written.
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
    let registration: (wd: Int32, token: Int)? = state.withLock { state in
      let wd = state.directories[directory] ?? inotify_add_watch(fd, directory, mask)
      guard wd >= 0 else { return nil }
      state.directories[directory] = wd
      let token = state.nextToken
      state.nextToken += 1
      state.handlers[wd, default: [:]][token] = Handler(name: url.lastPathComponent, onChange: onChange)
      return (wd, token)
    }
    guard let (wd, token) = registration else { return SharedSubscription {} }
    return SharedSubscription { [fd, self] in
      self.state.withLock { state in
        state.handlers[wd]?[token] = nil
        if state.handlers[wd]?.isEmpty == true {
          state.handlers[wd] = nil
          state.directories = state.directories.filter { $0.value != wd }
          inotify_rm_watch(fd, wd)
        }
      }
    }
  }

  private func run(_ fd: Int32) {
    let capacity = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = read(fd, buffer, capacity)
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      var changed: [@Sendable () -> Void] = []
      var offset = 0
      while offset + 16 <= count {
        let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
        let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
        let namePointer = (buffer + offset + 16).assumingMemoryBound(to: CChar.self)
        let name = length > 0 ? String(cString: namePointer) : ""
        offset += 16 + length
        let handlers = state.withLock { $0.handlers[wd].map { Array($0.values) } ?? [] }
        for handler in handlers where handler.name == name {
          changed.append(handler.onChange)
        }
      }
      for onChange in changed { onChange() }
    }
  }
}
