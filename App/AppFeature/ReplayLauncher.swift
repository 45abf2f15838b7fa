import ComposableCore
import Dependencies
import Foundation
import Persistence
import Sessions
import TerminalRuntime
import TerminalUI

/// `app replay <file>`: replays a recorded session against this app's reducers and views, with
/// the recorded answers standing in for the live dependencies and its files in memory (nothing
/// on disk is read or written but the session file). Prints one summary line and returns 0 when
/// everything happened as recorded; shows the first divergence and returns 1 when not; says in
/// one line on standard error why a session cannot be replayed and returns 2.
///
/// With `step`, replays the session, then steps through it in a terminal session of its own
/// (``SessionStepper``): the app's screen at each action, the state, the change.
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
    let session: SessionFile
    do {
      session = try SessionFile(contentsOf: file)
    } catch {
      TerminalOutput.standard.error(error.description)
      return 2
    }
    guard let feature = RunnableFeature(name: session.header.feature) else {
      TerminalOutput.standard.error(
        SessionFileError(session.name, .unknownFeature(session.header.feature, known: RunnableFeature.names)).description
      )
      return 2
    }
    let seed: PreviewSeed
    if case .preview(let preview) = feature {
      do {
        seed = try PreviewSeed(session.header.arguments, for: preview)
      } catch {
        TerminalOutput.standard.error(
          SessionFileError(session.name, .malformed(line: 1, reason: "its seed is not one this feature takes: \(error)")).description
        )
        return 2
      }
    } else {
      seed = PreviewSeed()
    }
    return await feature.open(with: Replayer(session: session, seed: seed, isPreview: feature != .app, step: step))
  }
}

/// Replays a session of one feature (see ``ReplayLauncher``).
@MainActor
private struct Replayer: FeatureOpener {
  let session: SessionFile
  let seed: PreviewSeed
  let isPreview: Bool
  let step: Bool

  func open<R: Reducer, V: TerminalView>(
    _ reducer: R, _ view: V, state: @escaping () -> R.State, coloring: @escaping (R.State) -> TextStyle.Coloring
  ) async -> Int32 where V.State == R.State, V.Action == R.Action {
    let replay = SessionReplay<R.State, R.Action>(session, keepsSteps: step)
    let directory = ReplayLauncher.directory
    let storage = FileStorage.replaying(files: replay.files(in: directory))
    let store = withDependencies {
      if isPreview { $0.context = .preview }
      $0.replay(by: replay.cursor, storage: storage, directory: directory)
    } operation: {
      seed.write()
      return Store(initialState: state()) { reducer.replayed(by: replay) }
    }
    let result = await replay.run(view, over: store, storage: storage, dataDirectory: directory)
    if case .badInput(let error) = result.outcome {
      TerminalOutput.standard.error(error.description)
      return 2
    }
    guard step else {
      TerminalOutput.standard.print(result.report)
      return result.status
    }
    let stepper = Store(initialState: SessionStepper.State(steps: replay.stepsTaken, summary: result.report.joined(separator: "\n"))) {
      SessionStepper()
    }
    let launch = TerminalLaunch(history: nil)
    if !TerminalLaunch.isInteractive { launch.output.print(result.report) }
    return await launch.run(
      SessionStepperView(), over: stepper,
      banner: "Stepping through \(session.name): \(result.report[0]). Type help for the commands.",
      coloring: { _ in .auto }, onExit: {}
    )
  }
}
