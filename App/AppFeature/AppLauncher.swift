import AppDependencies
import ComposableCore
import Foundation
import Persistence
import Sessions
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
  /// Where to record the session, if anywhere.
  public var record: URL?

  /// Creates a launcher.
  public init(dataDirectory: URL?, numberFact: NumberFactClient, trace: Bool, record: URL? = nil) {
    self.dataDirectory = dataDirectory
    self.numberFact = numberFact
    self.trace = trace
    self.record = record
  }

  /// Runs until the end of input, `quit` or Ctrl-C; returns the exit status (2 when the
  /// session cannot be recorded where asked).
  public func run() async -> Int32 {
    @Dependency(\.defaultFileStorage) var fileStorage
    @Dependency(\.defaultDataDirectory) var defaultDataDirectory
    let directory = dataDirectory ?? defaultDataDirectory
    let recorder: SessionRecorder?
    do {
      recorder = try record.map { url throws(SessionRecorderError) in
        try SessionRecorder(
          file: url, header: SessionHeader(feature: "app", isInteractive: TerminalLaunch.isInteractive),
          dataDirectory: directory
        )
      }
    } catch {
      TerminalOutput.standard.error(error.description)
      return 2
    }
    // NB: Recorded, the disk's writes are spaced on a recording clock (see `recordingStorage()`).
    let storage = recorder?.recordingStorage() ?? fileStorage
    let launch = TerminalLaunch(history: LineHistory(file: directory.appendingPathComponent("history")), tap: recorder)
    // NB: every file kept aside — found bad while loading, or another process's conflicting write
    //     later — is reported as it happens, once, in one line.
    let keptAside = storage.onFileKeptAside { launch.report("\($0)") }
    defer { keptAside.cancel() }
    let dependencies: (inout DependencyValues) -> Void = { [numberFact] in
      if let dataDirectory = self.dataDirectory { $0.defaultDataDirectory = dataDirectory }
      $0.numberFact = numberFact
      if let recorder { $0.record(by: recorder, storage: storage) }
    }
    let store = if let recorder {
      Store(initialState: AppFeature.State()) {
        launch.traced(AppFeature(), trace).recorded(by: recorder)
      } withDependencies: { dependencies(&$0) }
    } else {
      Store(initialState: AppFeature.State()) {
        launch.traced(AppFeature(), trace)
      } withDependencies: { dependencies(&$0) }
    }
    let status = await launch.run(
      AppView(),
      over: store,
      banner: "Counter, number facts, todos and settings. Type help for the commands.",
      coloring: \.settings.colorMode.coloring,
      onExit: {
        storage.flush()
        for error in store.state.saveErrors {
          launch.report(error)
        }
      }
    )
    if let error = recorder?.finish(status: status) {
      TerminalOutput.standard.error(error.description)
    }
    return status
  }
}
