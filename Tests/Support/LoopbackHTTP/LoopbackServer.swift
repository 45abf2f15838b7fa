import Foundation
import Glibc
import Locking

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers each request the way a test scripts it.
///
/// Each connection gets its own thread and is kept alive between requests, as a real server
/// would. `requests` yields each request's path as soon as its head has arrived, so a test can
/// wait for "the server has the request" instead of sleeping.
public final class LoopbackServer: Sendable {
  /// What the server does with one request.
  public enum Reply: Sendable {
    /// Answers with a status and a body, declared by `Content-Length` or sent in chunks.
    case respond(status: Int, body: [UInt8], chunked: Bool = false)
    /// Sends the head and part of the body it declared, then nothing more.
    case stallMidBody(declaredLength: Int, sent: [UInt8])
    /// Reads the request and never answers.
    case silence
    /// Sends the head declaring `body`'s length, then the body one byte per `interval`, as a
    /// server on a bad link would.
    case drip(body: [UInt8], interval: Duration)
    /// Answers with a redirect (`302 Found`) to `location`, a path or a URL.
    case redirect(to: String)

    /// A plain-text body with a status, 200 by default.
    public static func text(_ body: String, status: Int = 200) -> Self {
      .respond(status: status, body: Array(body.utf8))
    }
  }

  /// The port the server listens on.
  public let port: Int
  /// The paths of requests, in the order their heads arrived.
  public let requests: AsyncStream<String>

  private let listener: Int32
  private let route: @Sendable (String) -> Reply
  private let newRequest: AsyncStream<String>.Continuation
  private let state = Lock(State())

  private struct State {
    var connections = 0
    var open: Set<Int32> = []
    var paths: [String] = []
    var stopped = false
  }

  /// Starts a server whose replies `route` picks from each request's path.
  public init(_ route: @escaping @Sendable (_ path: String) -> Reply) throws {
    (listener, port) = try LoopbackSocket.bound()
    guard listen(listener, 64) == 0 else {
      close(listener)
      throw LoopbackSocket.Failure(call: "listen")
    }
    self.route = route
    (requests, newRequest) = AsyncStream.makeStream()
    Thread.detachNewThread { [self] in acceptConnections() }
  }

  /// `http://127.0.0.1:<port>`.
  public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// How many connections clients have opened so far.
  public var connectionCount: Int { state.withLock(\.connections) }

  /// The paths requested so far.
  public var paths: [String] { state.withLock(\.paths) }

  /// Stops accepting and hangs up every open connection.
  public func stop() {
    let open = state.withLock { state in
      state.stopped = true
      return state.open
    }
    shutdown(listener, Int32(SHUT_RDWR))
    for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    newRequest.finish()
  }

  private func acceptConnections() {
    defer { close(listener) }
    while true {
      let descriptor = accept(listener, nil, nil)
      guard descriptor >= 0 else { return }
      let accepted = state.withLock { state in
        guard !state.stopped else { return false }
        state.connections += 1
        state.open.insert(descriptor)
        return true
      }
      guard accepted else {
        close(descriptor)
        return
      }
      Thread.detachNewThread { [self] in serve(descriptor) }
    }
  }

  private func serve(_ descriptor: Int32) {
    defer {
      state.withLock { _ = $0.open.remove(descriptor) }
      close(descriptor)
    }
    var buffer: [UInt8] = []
    let endOfHead: [UInt8] = Array("\r\n\r\n".utf8)
    while true {
      guard let end = buffer.firstRange(of: endOfHead) else {
        guard let bytes = LoopbackSocket.read(descriptor) else { return }
        buffer += bytes
        continue
      }
      let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
      buffer.removeSubrange(..<end.upperBound)
      let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
      state.withLock { $0.paths.append(path) }
      newRequest.yield(path)
      guard answer(route(path), on: descriptor) else { return }
    }
  }

  /// Answers one request; `false` when the connection is done for.
  private func answer(_ reply: Reply, on descriptor: Int32) -> Bool {
    switch reply {
    case let .respond(status, body, chunked: false):
      return LoopbackSocket.write(descriptor, head(status, ["Content-Length: \(body.count)"]) + body)
    case let .respond(status, body, chunked: true):
      guard LoopbackSocket.write(descriptor, head(status, ["Transfer-Encoding: chunked"])) else {
        return false
      }
      for chunk in body.chunks(ofCount: 256) {
        let framed = Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8)
        guard LoopbackSocket.write(descriptor, framed) else { return false }
      }
      return LoopbackSocket.write(descriptor, Array("0\r\n\r\n".utf8))
    case let .stallMidBody(declaredLength, sent):
      LoopbackSocket.write(descriptor, head(200, ["Content-Length: \(declaredLength)"]) + sent)
      LoopbackSocket.waitForHangUp(descriptor)
      return false
    case .silence:
      LoopbackSocket.waitForHangUp(descriptor)
      return false
    case let .drip(body, interval):
      guard LoopbackSocket.write(descriptor, head(200, ["Content-Length: \(body.count)"])) else { return false }
      for byte in body {
        Thread.sleep(forTimeInterval: interval.seconds)
        guard LoopbackSocket.write(descriptor, [byte]) else { return false }
      }
      return true
    case let .redirect(location):
      let body = Array("see \(location)".utf8)
      return LoopbackSocket.write(descriptor, head(302, ["Location: \(location)", "Content-Length: \(body.count)"]) + body)
    }
  }

  private func head(_ status: Int, _ headers: [String]) -> [UInt8] {
    let reason = [200: "OK", 302: "Found", 404: "Not Found", 500: "Internal Server Error"][status] ?? "Status"
    let lines = ["HTTP/1.1 \(status) \(reason)", "Content-Type: text/plain; charset=utf-8"] + headers
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }
}

extension Duration {
  /// The duration in seconds, for `Thread.sleep`.
  fileprivate var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension Array where Element == UInt8 {
  /// The array cut into consecutive pieces of at most `count` bytes.
  fileprivate func chunks(ofCount count: Int) -> [[UInt8]] {
    stride(from: 0, to: self.count, by: count).map { Array(self[$0..<Swift.min($0 + count, self.count)]) }
  }
}
