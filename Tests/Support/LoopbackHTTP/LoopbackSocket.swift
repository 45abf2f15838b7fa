import Glibc

/// Plain TCP sockets on 127.0.0.1, for the loopback server and for a port that refuses.
public enum LoopbackSocket {
  /// A socket call that failed, with its `errno`.
  public struct Failure: Error, CustomStringConvertible {
    let call: String
    let code = errno
    /// The call and the system's explanation.
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A TCP socket bound to 127.0.0.1 on a port the kernel picks, and that port.
  ///
  /// Until something calls `listen` on it, a connection to the port is refused, without a
  /// race against other tests taking the port.
  public static func bound() throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(call: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      let failure = Failure(call: "bind")
      close(descriptor)
      throw failure
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Reads what is available, blocking until something is; `nil` once the peer has gone.
  public static func read(_ descriptor: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    return count > 0 ? Array(buffer.prefix(count)) : nil
  }

  /// Writes all of `bytes`; `false` if the peer has gone.
  @discardableResult
  public static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Blocks until the peer closes the connection or the server shuts it down.
  public static func waitForHangUp(_ descriptor: Int32) {
    while read(descriptor) != nil {}
  }
}
