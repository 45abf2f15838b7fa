import AppDependencies
import ComposableCore
import Foundation
import Persistence
import SettingsFeature
import TerminalRuntime
import TerminalUI

/// Starts the app in the terminal: builds the store with the dependencies the executable
/// chose, reports data that failed to load (and any file kept aside later, as it happens), runs
/// a ``TerminalSession`` over standard input, and on the way out saves everything and reports
/// data that could not be saved.
@MainActor
public struct AppLauncher {
  /// Where to keep data; `nil` for the XDG default.
  public var dataDirectory: URL?
  /// The number-fact client to use.
  public var numberFact: NumberFactClient
  /// Whether to print every action and state change to standard error.
  public var trace: Bool

  /// Creates a launcher.
  public init(dataDirectory: URL?, numberFact: NumberFactClient, trace: Bool) {
    self.dataDirectory = dataDirectory
    self.numberFact = numberFact
    self.trace = trace
  }

  /// Runs until the end of input, `quit` or Ctrl-C; returns the exit status.
  public func run() async -> Int32 {
    @Dependency(\.defaultFileStorage) var fileStorage
    @Dependency(\.defaultDataDirectory) var defaultDataDirectory
    let launch = TerminalLaunch(
      history: LineHistory(file: (dataDirectory ?? defaultDataDirectory).appendingPathComponent("history"))
    )
    let output = launch.output
    // NB: every file kept aside — found bad while loading, or another process's conflicting write
    //     later — is reported as it happens, once, in one line.
    let keptAside = fileStorage.onFileKeptAside { output.error("\($0)") }
    defer { keptAside.cancel() }
    let store = Store(initialState: AppFeature.State()) {
      launch.traced(AppFeature(), trace)
    } withDependencies: {
      if let dataDirectory { $0.defaultDataDirectory = dataDirectory }
      $0.numberFact = numberFact
    }
    return await launch.run(
      AppView(),
      over: store,
      banner: "Counter, number facts, todos and settings. Type help for the commands.",
      coloring: \.settings.colorMode.coloring,
      onExit: {
        fileStorage.flush()
        for error in store.state.saveErrors {
          output.error(error)
        }
      }
    )
  }
}
