import Dependencies
import Foundation

/// The directory an app keeps its data in: `$XDG_DATA_HOME/<app>`, else `~/.local/share/<app>`,
/// where `<app>` is the process name. Override it, e.g. from a `--data-dir` flag:
///
/// ```swift
/// prepareDependencies { $0.defaultDataDirectory = URL(fileURLWithPath: dataDir) }
/// ```
enum DataDirectoryKey: DependencyKey {
  static var liveValue: URL {
    let environment = ProcessInfo.processInfo.environment
    let app = ProcessInfo.processInfo.processName
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome).appendingPathComponent(app)
    }
    let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/share").appendingPathComponent(app)
  }

  static var testValue: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("test-data-\(UUID().uuidString)")
  }
}

extension DependencyValues {
  /// The directory the app keeps its data in; `.appStorage` keeps its file here, and typed
  /// `.fileStorage` keys usually build their URLs from it. XDG by default.
  public var defaultDataDirectory: URL {
    get { self[DataDirectoryKey.self] }
    set { self[DataDirectoryKey.self] = newValue }
  }
}
