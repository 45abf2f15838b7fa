import Foundation

/// The release `app` binary: `$BENCH_APP`, else `.build/release/app` of the repository
/// these benchmarks live in (`Tools/bench` builds it).
public let appPath: String = {
  if let path = ProcessInfo.processInfo.environment["BENCH_APP"], !path.isEmpty { return path }
  return URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/release/app").path
}()
