import AppDependencies
import ComposableCore
import CounterFeature
import Foundation
import NumberFactFeature
import Persistence
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

  /// Creates a launcher; by default offline and with nothing kept.
  public init(
    feature: FeaturePreview,
    seed: PreviewSeed = PreviewSeed(),
    dataDirectory: URL? = nil,
    numberFact: NumberFactClient? = nil,
    trace: Bool = false
  ) {
    self.feature = feature
    self.seed = seed
    self.dataDirectory = dataDirectory
    self.numberFact = numberFact
    self.trace = trace
  }

  /// Runs until the end of input, `quit` or Ctrl-C; returns the exit status.
  public func run() async -> Int32 {
    // NB: A preview keeps no history: its lines are not the user's.
    let launch = TerminalLaunch(history: nil)
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
    return await withDependencies {
      $0.context = .preview
      $0.defaultDataDirectory = directory
      $0.defaultFileStorage = .live
      if let numberFact { $0.numberFact = numberFact }
    } operation: {
      seed.write()
      return await runFeature(launch)
    }
  }

  private func runFeature(_ launch: TerminalLaunch) async -> Int32 {
    switch feature {
    case .counter:
      await session(launch, Counter(), view: CounterView()) {
        Counter.State(count: Shared(.count), step: SharedReader(.step))
      }
    case .fact:
      await session(launch, NumberFact(), view: NumberFactView()) {
        NumberFact.State(count: SharedReader(.count), kind: SharedReader(.factKind), history: Shared(.factHistory))
      }
    case .settings:
      await session(launch, Settings(), view: SettingsView()) { Settings.State() }
    case .todos:
      await session(launch, Todos(), view: TodosView()) {
        Todos.State(todos: Shared(.todos), sortCompleted: SharedReader(.sortCompleted))
      }
    }
  }

  private func session<R: Reducer, V: TerminalView>(
    _ launch: TerminalLaunch, _ reducer: R, view: V, state: () -> R.State
  ) async -> Int32 where V.State == R.State, V.Action == R.Action {
    let output = launch.output
    @Dependency(\.defaultFileStorage) var fileStorage
    // NB: As the app does, every file found bad while loading (or kept aside later) is reported
    //     as it happens, once, in one line, and the feature starts from its defaults.
    let keptAside = fileStorage.onFileKeptAside { output.error("\($0)") }
    defer { keptAside.cancel() }
    let store = Store(initialState: state()) { launch.traced(reducer, trace) }
    let colorMode = SharedReader(.colorMode)
    return await launch.run(
      view, over: store, banner: feature.banner, coloring: { _ in colorMode.wrappedValue.coloring },
      onExit: { fileStorage.flush() }
    )
  }
}
