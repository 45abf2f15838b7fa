import Foundation
import LoopbackHTTP

extension LoopbackServer {
  /// A numbers server as the app expects one: `/<n>/<kind>` answers "<n> is a <kind>
  /// number.", a path under `/500/` fails with status 500, anything else is a 404.
  static func numbers() throws -> LoopbackServer {
    try LoopbackServer { path in
      let parts = path.split(separator: "/")
      if parts.first == "500" { return .text("the server broke", status: 500) }
      guard parts.count == 2 else { return .text("not found", status: 404) }
      return .text("\(parts[0]) is a \(parts[1]) number.")
    }
  }
}

extension LoopbackServer {
  /// A numbers server that fails the first request with status 500 and answers every later one
  /// "<n> is a retried number.".
  static func failingOnce() throws -> LoopbackServer {
    let requests = LockedCount()
    return try LoopbackServer { path in
      guard requests.next() > 1 else { return .text("the server broke", status: 500) }
      let number = path.split(separator: "/").first.map(String.init) ?? "?"
      return .text("\(number) is a retried number.")
    }
  }
}

/// A counter the server's handler, called on the server's thread, can bump.
private final class LockedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func next() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}
