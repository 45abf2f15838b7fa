#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes every byte of `bytes` to `descriptor`, writing again after a partial write and after
/// one a signal interrupted (`EINTR`): the one such loop the terminal, the file storage and the
/// session writer share.
///
/// - Returns: `nil` once every byte is written; the `errno` of the write that failed otherwise.
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}

/// Writes every byte of `text`'s UTF-8 to `descriptor`, as ``writeAll(_:to:)`` writes bytes.
///
/// - Returns: `nil` once every byte is written; the `errno` of the write that failed otherwise.
@discardableResult
package func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}
