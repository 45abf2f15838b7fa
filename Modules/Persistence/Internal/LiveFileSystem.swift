import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real disk: atomic writes (temporary file, `fsync`, `rename`) and watching through the
/// process's one inotify instance (``InotifyHub``).
struct LiveFileSystem: FileSystem {
  func read(_ url: URL) throws -> Data? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileStorageError.posix(url: url, operation: "open", errno: errno)
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw FileStorageError.posix(url: url, operation: "stat", errno: errno) }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw FileStorageError.posix(url: url, operation: "read", errno: EISDIR) }
    var data = Data(capacity: max(Int(status.st_size), 0))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileStorageError.posix(url: url, operation: "read", errno: errno)
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileStorageError.writeFailed(url: url, reason: "cannot create \(directory.path): \(error.localizedDescription)")
    }
    // NB: the temporary file is named after this process, so a later process can tell one
    //     left behind by a process killed mid-write (see `removeLeftovers(of:)`).
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    )
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileStorageError.posix(url: url, operation: "open", errno: errno) }
    var closed = false
    defer {
      if !closed { close(fd) }
    }
    do {
      if let error = data.withUnsafeBytes({ writeAll($0, to: fd) }) {
        throw FileStorageError.posix(url: url, operation: "write", errno: error)
      }
      guard fsync(fd) == 0 else { throw FileStorageError.posix(url: url, operation: "fsync", errno: errno) }
      closed = true
      guard close(fd) == 0 else { throw FileStorageError.posix(url: url, operation: "close", errno: errno) }
      guard rename(temporary.path, url.path) == 0 else {
        throw FileStorageError.posix(url: url, operation: "rename", errno: errno)
      }
    } catch {
      unlink(temporary.path)
      throw error
    }
    // NB: syncing the directory makes the rename itself durable.
    let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// Holds an exclusive `flock` on `.<name>.lock` beside the file while `body` runs; the system
  /// releases it if the process dies. Where the lock file cannot be made (a read-only directory),
  /// `body` runs unlocked: it will fail to write there anyway.
  func withExclusiveAccess<R>(to url: URL, _ body: () throws -> R) throws -> R {
    let lock = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
    let fd = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { return try body() }
    }
    return try body()
  }

  func removeLeftovers(of url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
      guard let dash = middle.firstIndex(of: "-"), let pid = pid_t(middle[..<dash]) else { continue }
      // NB: a process that no longer exists cannot finish its write.
      if kill(pid, 0) == -1 && errno == ESRCH {
        unlink(directory.appendingPathComponent(name).path)
      }
    }
  }

  func move(_ url: URL, to destination: URL) throws {
    guard rename(url.path, destination.path) == 0 else {
      throw FileStorageError.posix(url: url, operation: "rename", errno: errno)
    }
  }

  /// What a file storage watch is told of: a file closed after writing, renamed into or out of
  /// place, or deleted.
  ///
  /// NB: no `IN_CREATE` or `IN_MODIFY`: a file being written by a non-atomic writer is read only
  ///     once it is closed, never half-written. A database watch of the same directory asks for
  ///     them; the one inotify instance watches the directory with both, and tells each its own.
  static let watchMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

  /// The queue every file storage watch is called on, one call at a time.
  ///
  /// NB: a queue of file storage's own, not the hub's: a file read and decoded after its event
  ///     never holds up the events of the other watches, the databases' among them.
  static let watchQueue = DispatchQueue(label: "Persistence.LiveFileSystem.watch")

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard
      let hub = InotifyHub.shared,
      let token = hub.add(
        directory: directory.path,
        names: [url.lastPathComponent],
        mask: Self.watchMask,
        queue: Self.watchQueue,
        onChange: onChange
      )
    else { return SharedSubscription {} }
    return SharedSubscription { hub.remove(token) }
  }
}
