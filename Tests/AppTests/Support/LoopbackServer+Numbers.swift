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
