import Foundation

/// A fresh directory under the system's temporary directory, for one benchmark's files.
public func makeScratchDirectory(_ name: String) -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("composable-bench-\(name)-\(UUID().uuidString)", isDirectory: true)
  try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Removes a directory made by ``makeScratchDirectory(_:)``.
public func removeScratchDirectory(_ url: URL) {
  try? FileManager.default.removeItem(at: url)
}
