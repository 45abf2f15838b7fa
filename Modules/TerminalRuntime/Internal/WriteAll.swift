#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes all of `text` to a file descriptor, retrying partial and interrupted writes; `false`
/// when a write fails.
func writeAll(_ text: String, to descriptor: Int32) -> Bool {
  var text = text
  return text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
