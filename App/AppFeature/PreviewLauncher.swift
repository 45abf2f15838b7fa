import AppDependencies
import ComposableCore
import CounterFeature
import Foundation
import NumberFactFeature
import Persistence
import Sessions
import SettingsFeature
import TerminalRuntime
import TerminalUI
import TodosFeature

/// Runs one feature alone in a ``TerminalSession``, the terminal's counterpart of a preview:
/// its reducer and view only, preview dependencies, and a throw-away data directory.
///
/// ```swift
/// let status = await PreviewLauncher(feature: .counter, seed: try PreviewSeed(["count=41"], for: .counter)).run()
/// ```
@MainActor
public struct PreviewLauncher {
  /// The feature to run.
  public var feature: FeaturePreview
  /// The values the feature starts from.
  public var seed: PreviewSeed
  /// Where to keep data; `nil` for a temporary directory removed on exit.
  public var dataDirectory: URL?
  /// The number-fact client; `nil` for the canned preview client.
  public var numberFact: NumberFactClient?
  /// Whether to print every action and state change to standard error.
  public var trace: Bool
  /// Where to record the session, if anywhere.
  public var record: URL?

  /// Creates a launcher; by default offline and with nothing kept.
  public init(
    feature: FeaturePreview,
    seed: PreviewSeed = PreviewSeed(),
    dataDirectory: URL? = nil,
    numberFact: NumberFactClient? = nil,
    trace: Bool = false,
    record: URL? = nil
  ) {
    self.feature = feature
    self.seed = seed
    self.dataDirectory = dataDirectory
    self.numberFact = numberFact
    self.trace = trace
    self.record = record
  }

  /// Runs until the end of input, `quit` or Ctrl-C; returns the exit status (2 when the
  /// session cannot be recorded where asked).
  public func run() async -> Int32 {
    let temporary = dataDirectory == nil
      ? FileManager.default.temporaryDirectory.appendingPathComponent("app-preview-\(UUID().uuidString)", isDirectory: true)
      : nil
    defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
    guard let directory = dataDirectory ?? temporary else { return 1 }
    if let temporary {
      do {
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
      } catch {
        TerminalOutput.standard.error("Could not create a preview data directory: \(error.localizedDescription)")
        return 1
      }
    }
    let recorder: SessionRecorder?
    do {
      recorder = try record.map { url throws(SessionRecorderError) in
        try SessionRecorder(
          file: url,
          header: SessionHeader(feature: feature.rawValue, isInteractive: TerminalLaunch.isInteractive, arguments: seed.assignments),
          dataDirectory: directory
        )
      }
    } catch {
      TerminalOutput.standard.error(error.description)
      return 2
    }
    // NB: A preview keeps no history: its lines are not the user's.
    let launch = TerminalLaunch(history: nil, tap: recorder)
    let status = await withDependencies {
      $0.context = .preview
      $0.defaultDataDirectory = directory
      $0.defaultFileStorage = .live
      if let numberFact { $0.numberFact = numberFact }
      if let recorder { $0.record(by: recorder, storage: recorder.recordingStorage()) }
    } operation: {
      seed.write()
      return await RunnableFeature.preview(feature).open(
        with: PreviewOpener(launch: launch, banner: feature.banner, trace: trace, recorder: recorder)
      )
    }
    if let error = recorder?.finish(status: status) {
      TerminalOutput.standard.error(error.description)
    }
    return status
  }
}

/// Runs a feature alone in the terminal, recorded when there is a recorder.
@MainActor
private struct PreviewOpener: FeatureOpener {
  typealias Output = Int32

  let launch: TerminalLaunch
  let banner: String
  let trace: Bool
  let recorder: SessionRecorder?

  func open<R: Reducer, V: TerminalView>(
    _ reducer: R, _ view: V, state: @escaping () -> R.State, coloring: @escaping () -> (R.State) -> TextStyle.Coloring
  ) async -> Int32 where V.State == R.State, V.Action == R.Action {
    @Dependency(\.defaultFileStorage) var fileStorage
    // NB: As the app does, every file found bad while loading (or kept aside later) is reported
    //     as it happens, once, in one line, and the feature starts from its defaults.
    let keptAside = fileStorage.onFileKeptAside { [launch] in launch.report("\($0)") }
    defer { keptAside.cancel() }
    let store = if let recorder {
      Store(initialState: state()) { launch.traced(reducer, trace).recorded(by: recorder) }
    } else {
      Store(initialState: state()) { launch.traced(reducer, trace) }
    }
    return await launch.run(view, over: store, banner: banner, coloring: coloring(), onExit: { fileStorage.flush() })
  }
}
