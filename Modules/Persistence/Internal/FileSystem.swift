import Foundation

/// The file operations the file-backed keys need: the real disk when live, memory under test.
protocol FileSystem: Sendable {
  /// The file's contents, or `nil` when there is no file.
  func read(_ url: URL) throws -> Data?
  /// Replaces the file atomically, creating its directory if needed.
  func write(_ data: Data, to url: URL) throws
  /// Renames a file (used to move a bad or conflicting file aside).
  func move(_ url: URL, to destination: URL) throws
  /// Runs `body` while no other process (or thread) runs it for the same file, so reading the
  /// file, deciding and replacing it is one step for every writer that follows the rule.
  func withExclusiveAccess<R>(to url: URL, _ body: () throws -> R) throws -> R
  /// Removes the temporary files that writers of `url` left behind when they were killed
  /// mid-write.
  func removeLeftovers(of url: URL)
  /// Calls `onChange` whenever the file may have changed: written, renamed in, or removed.
  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription
  /// Hears of a change another process made to a file, as read after its notification: its
  /// contents, or `nil` when it was removed (see ``FileStorage/tapped(onFirstRead:onExternalChange:)``).
  func noteExternalChange(_ url: URL, contents: Data?)
}

extension FileSystem {
  func noteExternalChange(_ url: URL, contents: Data?) {}
}

extension URL {
  /// The spelling every file-backed key uses, so `/a/./b.json` and `/a/c/../b.json` are one file.
  var canonicalFileURL: URL {
    let standardized = standardizedFileURL
    let directory = standardized.deletingLastPathComponent().resolvingSymlinksInPath()
    return directory.appendingPathComponent(standardized.lastPathComponent)
  }

  /// Where a file is moved when it must be kept aside: `todos.json.corrupt-20261122-142501.000`
  /// beside it (UTC), with `-1`, `-2`… added when that name is taken. Every module that keeps a
  /// file aside names it so.
  package func asideURL(_ reason: String, date: Date = Date()) -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss.SSS"
    let stamp = formatter.string(from: date)
    let base = deletingLastPathComponent().appendingPathComponent("\(lastPathComponent).\(reason)-\(stamp)")
    var candidate = base
    var counter = 1
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = URL(fileURLWithPath: "\(base.path)-\(counter)")
      counter += 1
    }
    return candidate
  }
}
