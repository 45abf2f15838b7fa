import Foundation

extension URL {
  /// Where to keep this file aside for `reason`: `todos.json.imported-20260101-120000.000` beside
  /// it (UTC), with `-1`, `-2`… added when that name is taken.
  func asideURL(_ reason: String, date: Date) -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss.SSS"
    let base = deletingLastPathComponent()
      .appendingPathComponent("\(lastPathComponent).\(reason)-\(formatter.string(from: date))")
    var candidate = base
    var counter = 1
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = URL(fileURLWithPath: "\(base.path)-\(counter)")
      counter += 1
    }
    return candidate
  }
}
