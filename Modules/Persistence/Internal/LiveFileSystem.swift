import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real disk: atomic writes (temporary file, `fsync`, `rename`) and inotify watching.
struct LiveFileSystem: FileSystem {
  func read(_ url: URL) throws -> Data? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    }
  }

  func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileStorageError.writeFailed(url: url, reason: "cannot create \(directory.path): \(error.localizedDescription)")
    }
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: .min ... .max)).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileStorageError.posix(url: url, operation: "open", errno: errno) }
    var closed = false
    defer {
      if !closed { close(fd) }
    }
    do {
      try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw FileStorageError.posix(url: url, operation: "write", errno: errno)
          }
          offset += written
        }
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

  func move(_ url: URL, to destination: URL) throws {
    guard rename(url.path, destination.path) == 0 else {
      throw FileStorageError.posix(url: url, operation: "rename", errno: errno)
    }
  }

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    return InotifyWatcher.shared.watch(url, onChange)
  }
}
