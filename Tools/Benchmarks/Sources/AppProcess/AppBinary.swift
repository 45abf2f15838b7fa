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

/// The floor of the app's piped `inc` (`piped-floor`), built beside the benchmarks.
public let pipedFloorPath = besideTheBenchmark("piped-floor")

/// The floor of the app's start to its first prompt (`start-floor`), built beside the benchmarks.
public let startFloorPath = besideTheBenchmark("start-floor")

/// The floor of the cold import (`import-floor`), built beside the benchmarks.
public let importFloorPath = besideTheBenchmark("import-floor")

/// The path of the program `name` in the directory of the running benchmark executable, which
/// `swift build` fills with every executable of this package.
func besideTheBenchmark(_ name: String) -> String {
  let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
}
