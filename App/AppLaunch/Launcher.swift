import AppDependencies
import ComposableCore
import Foundation
import Persistence
import Sessions
import SharingGRDB
import TerminalRuntime
import TodosFeature
import TerminalUI

/// Starts the app, or one feature alone, in the terminal: the one way `app`, `app preview` and
/// their `--record` open a feature (``RunnableFeature``, which `app replay` opens too).
///
/// It builds the store with the dependencies the executable chose, reports each data file found
/// bad (and any kept aside later) in one line as it happens, runs a ``TerminalProgram`` over
/// standard input, and on the way out saves everything and reports data that could not be
/// saved. Recorded, every answer from outside is recorded too (``SessionRecorder``).
///
/// ```swift
/// let status = await Launcher.app(dataDirectory: nil, numberFact: .live(baseURL: url), trace: false).run()
/// let status = await Launcher.preview(.counter, seed: try PreviewSeed(["count=41"], for: .counter)).run()
/// ```
@MainActor
public struct Launcher {
  let feature: RunnableFeature
  /// The values a feature alone starts from; none for the app.
  var seed = PreviewSeed()
  /// Where to keep data: `nil` for the XDG default (the app), or a temporary directory removed
  /// on exit (a feature alone).
  var dataDirectory: URL?
  /// The number-fact client; `nil` for the context's (a preview's canned facts).
  var numberFact: NumberFactClient?
  /// Whether to print every action and state change to standard error.
  var trace: Bool
  /// Where to record the session, if anywhere.
  var record: URL?

  /// The whole app, its data in `dataDirectory` (the XDG default when `nil`).
  public static func app(dataDirectory: URL?, numberFact: NumberFactClient, trace: Bool, record: URL? = nil) -> Self {
    Self(feature: .app, dataDirectory: dataDirectory, numberFact: numberFact, trace: trace, record: record)
  }

  /// One feature alone, as a preview runs it: preview dependencies (offline unless
  /// `numberFact` is given) and, unless `dataDirectory` is given, data thrown away on exit.
  public static func preview(
    _ feature: FeaturePreview,
    seed: PreviewSeed = PreviewSeed(),
    dataDirectory: URL? = nil,
    numberFact: NumberFactClient? = nil,
    trace: Bool = false,
    record: URL? = nil
  ) -> Self {
    Self(feature: .preview(feature), seed: seed, dataDirectory: dataDirectory, numberFact: numberFact, trace: trace, record: record)
  }

  /// Runs until the end of input, `quit` or Ctrl-C; returns the exit status (1 when a preview's
  /// data directory cannot be made, 2 when the session cannot be recorded where asked or the
  /// todos database cannot be used).
  public func run() async -> Int32 {
    @Dependency(\.defaultDataDirectory) var defaultDataDirectory
    let temporary = feature.isPreview && dataDirectory == nil
      ? FileManager.default.temporaryDirectory.appendingPathComponent("app-preview-\(UUID().uuidString)", isDirectory: true)
      : nil
    defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
    let directory = dataDirectory ?? temporary ?? defaultDataDirectory
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
          header: SessionHeader(feature: feature.name, isInteractive: TerminalLaunch.isInteractive, arguments: seed.assignments),
          dataDirectory: directory
        )
      }
    } catch {
      TerminalOutput.standard.error(error.description)
      return 2
    }
    // NB: The session, when recorded, is finished once, with the status the run ends with.
    let status = await run(in: directory, recorder: recorder)
    if let error = recorder?.finish(status: status) {
      TerminalOutput.standard.error(error.description)
    }
    return status
  }

  /// Opens the todos' database when the feature shows them, then runs the feature over the data
  /// in `directory`, recorded by `recorder` when there is one; returns the exit status.
  private func run(in directory: URL, recorder: SessionRecorder?) async -> Int32 {
    // NB: A feature alone keeps no history: its lines are not the user's.
    let history = feature.isPreview ? nil : LineHistory(file: directory.appendingPathComponent("history"))
    let launch = TerminalLaunch(history: history, tap: recorder)
    // NB: The list lives in `todos.sqlite` in the data directory, opened (made, migrated, an
    //     earlier app's `todos.json` imported) before the feature starts; what opening it did is
    //     said in one line each. A database that cannot be used is refused with one line.
    var database: (any DatabaseWriter)?
    var opening: TodosDatabase.Opening?
    // NB: Words of imported todos still being read for find when the app ends are read at the
    //     next start; the slice under way is let end first.
    defer { opening?.stopIndexing() }
    if feature.showsTodos {
      do {
        opening = try TodosDatabase.open(in: directory)
        database = opening?.database
        for line in opening?.reports ?? [] { launch.report(line) }
      } catch {
        TerminalOutput.standard.error(error.description)
        return 2
      }
    }
    // NB: Recorded, a list that is not empty is kept in the session as the database it starts
    //     from, so a replay starts from it too, in memory; and so is the database after each
    //     commit another app makes, which the replay puts in place where the recording saw it.
    var externalCommits: SharedSubscription?
    defer { externalCommits?.cancel() }
    if let recorder, let database {
      // NB: Reported through the launch, as a file kept aside is: typed, above the prompt.
      externalCommits = ExternalCommits.observe(database) { [launch] db in
        do {
          recorder.record(.externalChange(path: TodosDatabase.fileName, contents: try TodosDatabase.contents(of: db)))
        } catch {
          launch.report("Could not record the change another app made to the todos: \(error)")
        }
      }
      do {
        if try await database.read({ try TodoCounts.fetch($0) }).total > 0 {
          recorder.record(.file(path: TodosDatabase.fileName, contents: try TodosDatabase.contents(of: database)))
        }
      } catch {
        TerminalOutput.standard.error("Could not record the todos the run starts from: \(error)")
        return 2
      }
    }
    return await withDependencies {
      feature.setContext(in: &$0)
      // NB: A preview context keeps files in memory; a feature run alone keeps them on disk.
      $0.defaultFileStorage = .live
      $0.defaultDataDirectory = directory
      if let numberFact { $0.numberFact = numberFact }
      if let database { $0.defaultDatabase = database }
      // NB: Recorded, the disk's writes are spaced on a recording clock.
      if let recorder { $0.record(by: recorder, storage: recorder.recordingStorage()) }
    } operation: {
      seed.write()
      return await feature.open(with: Opener(launch: launch, banner: feature.banner, trace: trace, recorder: recorder))
    }
  }
}

/// Runs a feature in the terminal, recorded when there is a recorder.
@MainActor
private struct Opener: FeatureOpener {
  typealias Output = Int32

  let launch: TerminalLaunch
  let banner: String
  let trace: Bool
  let recorder: SessionRecorder?

  func open<R: Reducer, V: TerminalView>(
    _ reducer: R,
    _ view: V,
    state: @escaping () -> R.State,
    coloring: @escaping () -> (R.State) -> TextStyle.Coloring,
    saveErrors: @escaping (R.State) -> [String]
  ) async -> Int32 where V.State == R.State, V.Action == R.Action {
    @Dependency(\.defaultFileStorage) var fileStorage
    // NB: Every file found bad while loading (or kept aside later, another process having
    //     written at the same time) is reported as it happens, once, in one line.
    let keptAside = fileStorage.onFileKeptAside { [launch] in launch.report("\($0)") }
    defer { keptAside.cancel() }
    let store = if let recorder {
      Store(initialState: state()) { launch.traced(reducer, trace).recorded(by: recorder) }
    } else {
      Store(initialState: state()) { launch.traced(reducer, trace) }
    }
    return await launch.run(
      view, over: store, banner: banner, coloring: coloring(),
      onExit: { [launch] in
        fileStorage.flush()
        for error in saveErrors(store.state) { launch.report(error) }
      }
    )
  }
}
