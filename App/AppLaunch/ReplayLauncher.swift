import ComposableCore
import Dependencies
import Foundation
import Persistence
import Sessions
import SharingGRDB
import TodosFeature
import TerminalRuntime
import TerminalUI

/// `app replay <file>`: replays a recorded session against this app's reducers and views, with
/// the recorded answers standing in for the live dependencies and its files in memory (nothing
/// on disk is read or written but the session file). Prints one summary line and returns 0 when
/// everything happened as recorded; shows the first divergence and returns 1 when not; says in
/// one line on standard error why a session cannot be replayed and returns 2.
///
/// With `step`, replays the session, then steps through it in a terminal session of its own
/// (``SessionStepper``): the app's display at each action, the state, the change.
@MainActor
public struct ReplayLauncher {
  /// The session file.
  public var file: URL
  /// Whether to step through the session rather than report on it.
  public var step: Bool
  /// Where the replay's files live: in memory, never on disk.
  static let directory = URL(fileURLWithPath: "/replayed-session/data", isDirectory: true)

  /// A launcher replaying `file`.
  public init(file: URL, step: Bool = false) {
    self.file = file
    self.step = step
  }

  /// Replays the session; returns the exit status.
  public func run() async -> Int32 {
    switch await replay(keepingSteps: step) {
    case .failure(let error):
      TerminalOutput.standard.error(error.description)
      return 2
    case .success((let result, _)) where !step:
      TerminalOutput.standard.print(result.report)
      return result.status
    case .success((let result, let steps)):
      return await stepThrough(steps, result: result)
    }
  }

  /// Replays the session, printing nothing: how it went, or why it cannot be replayed.
  public func replay() async -> Result<SessionReplayResult, SessionFileError> {
    await replay(keepingSteps: false).map(\.result)
  }

  private func replay(keepingSteps: Bool) async -> Result<(result: SessionReplayResult, steps: [SessionStep]), SessionFileError> {
    let session: SessionFile
    do {
      session = try SessionFile(contentsOf: file)
    } catch {
      return .failure(error)
    }
    guard let feature = RunnableFeature(name: session.header.feature) else {
      return .failure(SessionFileError(session.name, .unknownFeature(session.header.feature, known: RunnableFeature.names)))
    }
    let seed: PreviewSeed
    if case .preview(let preview) = feature {
      do {
        seed = try PreviewSeed(session.header.arguments, for: preview)
      } catch {
        return .failure(SessionFileError(session.name, .malformed(line: 1, reason: "its seed is not one this feature takes: \(error)")))
      }
    } else {
      seed = PreviewSeed()
    }
    // NB: A session of a list that was not empty holds the database it started from.
    let database: any DatabaseWriter
    do {
      let start = session.events.lazy.compactMap { event -> Data? in
        guard case .file(TodosDatabase.fileName, let contents?) = event else { return nil }
        return contents
      }.first
      database = try start.map { try TodosDatabase.inMemory(contents: $0) } ?? TodosDatabase.inMemory()
    } catch {
      return .failure(SessionFileError(session.name, .unusableFile(path: TodosDatabase.fileName, reason: "\(error)")))
    }
    let replay = await feature.open(
      with: Replayer(session: session, seed: seed, database: database, keepsSteps: keepingSteps)
    )
    if case .badInput(let error) = replay.result.verdict { return .failure(error) }
    return .success(replay)
  }

  /// Steps through the replayed session in a terminal session of its own.
  private func stepThrough(_ steps: [SessionStep], result: SessionReplayResult) async -> Int32 {
    let stepper = Store(initialState: SessionStepper.State(steps: steps, summary: result.report.joined(separator: "\n"))) {
      SessionStepper()
    }
    let launch = TerminalLaunch(history: nil)
    if !TerminalLaunch.isInteractive { launch.output.print(result.report) }
    return await launch.run(
      SessionStepperView(), over: stepper,
      banner: "Stepping through \(file.lastPathComponent): \(result.report[0]). Type help for the commands.",
      coloring: { _ in .auto }, onExit: {}
    )
  }
}

/// Replays a session of one feature (see ``ReplayLauncher``).
@MainActor
private struct Replayer: FeatureOpener {
  typealias Output = (result: SessionReplayResult, steps: [SessionStep])

  let session: SessionFile
  let seed: PreviewSeed
  /// The database the run started from, in memory.
  let database: any DatabaseWriter
  let keepsSteps: Bool

  func open<R: Reducer, V: TerminalView>(
    _ reducer: R,
    _ view: V,
    state: @escaping () -> R.State,
    coloring: @escaping () -> (R.State) -> TextStyle.Coloring,
    saveErrors: @escaping (R.State) -> [String]
  ) async -> Output where V.State == R.State, V.Action == R.Action {
    let replay = SessionReplay<R.State, R.Action>(session, keepsSteps: keepsSteps)
    let directory = ReplayLauncher.directory
    let files = replay.files(in: directory)
    let storage = FileStorage.inMemory(files: files, clock: ReplayClock.writeDelays(cursor: replay.cursor))
    let (store, coloring) = withDependencies {
      $0.replayApp(by: replay.cursor, storage: storage, directory: directory)
      $0.defaultDatabase = database
    } operation: {
      seed.write()
      return (Store(initialState: state()) { reducer.replayed(by: replay) }, coloring())
    }
    // NB: Styled as a piped run is (the only kind whose output is compared): colored only when
    //     the state asks for color always.
    // NB: Run where the view reads the replay's database too: a view turns positions into ids,
    //     and names a hidden todo, through it, as the app's does under the launcher's.
    let result = await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      await replay.run(
        view, over: store, storage: storage, dataDirectory: directory,
        style: { TextStyle(coloring: coloring($0), environment: [:], isTerminal: false) },
        externalChange: { file, contents in
          // NB: Another app's commit, recorded as the database it left.
          guard file == directory.appendingPathComponent(TodosDatabase.fileName), let contents else { return }
          try TodosDatabase.replaceContents(of: database, with: contents)
        }
      )
    }
    return (result, replay.stepsTaken)
  }
}
