import Foundation

/// A directory of real files for one test, removed by ``remove()`` or when the last reference
/// goes away.
public final class TemporaryDirectory: Sendable {
  /// Where the directory is.
  public let url: URL

  /// Creates a new, empty directory under the system's temporary directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ComposableAppTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The directory's path.
  public var path: String { url.path }

  /// The URL of the file `name` in the directory.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The names in the directory, sorted.
  public func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Removes the directory and everything in it.
  public func remove() {
    // NB: a test may have made the directory unreadable or handed it to another user.
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }

  deinit {
    remove()
  }
}
