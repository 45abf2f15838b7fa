import ComposableCore
import CustomDump
import Foundation
import Persistence
import TerminalRuntime
import TerminalUI

/// Replays a recorded session: the same reducers and views, the recorded answers standing in for
/// the live dependencies, and the recorded lines, answers and changes fed in the recorded order;
/// every action the store processes, every call of a dependency and (for a piped run) every
/// byte printed is checked against the recording, up to the first divergence.
///
/// A launcher builds the store with the replay around its reducer and the replay's stand-ins as
/// its dependencies, then runs it:
///
/// ```swift
/// let replay = SessionReplay<AppFeature.State, AppFeature.Action>(session)
/// let storage = FileStorage.inMemory(files: replay.files(in: directory), clock: ReplayClock.writeDelays(cursor: replay.cursor))
/// let store = Store(initialState: …) {
///   AppFeature().replayed(by: replay)
/// } withDependencies: {
///   $0.continuousClock = ReplayClock(cursor: replay.cursor)
///   $0.uuid = .replayed(by: replay.cursor)
///   $0.defaultFileStorage = storage
/// }
/// let result = await replay.run(AppView(), over: store, storage: storage, dataDirectory: directory)
/// ```
///
/// Not `Sendable`, as a store's state is not: a replay is made, reduced through and run where
/// its store runs, on the main actor, and the compiler checks that it never leaves it.
public final class SessionReplay<State, Action> {
  /// The session replayed.
  public let session: SessionFile
  /// Where the replay is in the recording.
  public let cursor: ReplayCursor
  /// How long the replay waits for an action or a call the recording has next before calling
  /// it a divergence, once every effect task that still runs waits for a recorded answer (when
  /// none runs, it does not wait; while one has not asked anything yet, it waits on, up to a
  /// minute, a guard against a replay that would hang).
  public let patience: Duration
  /// Whether each action's state, change and display are kept, for stepping through.
  let keepsSteps: Bool
  /// The dumps of the actions processed so far (see `ActionDumps`).
  private var dumps = ActionDumps()
  /// Draws the display of a state, when steps are kept: set before the store processes an
  /// action.
  private var render: ((State) -> [String])?
  /// The tasks of the effects the reducer returned that still run.
  let effects = ReplayEffects()

  /// A replay of `session`; `keepsSteps` keeps what ``stepsTaken`` needs.
  public init(_ session: SessionFile, keepsSteps: Bool = false, patience: Duration = .seconds(5)) {
    self.session = session
    self.cursor = ReplayCursor(session)
    self.keepsSteps = keepsSteps
    self.patience = patience
  }

  /// The files the recorded run read, as they were, placed in `directory` (paths recorded outside
  /// the run's data directory keep their place: the replay's file system is in memory).
  public func files(in directory: URL) -> [URL: Data] {
    var files: [URL: Data] = [:]
    for case .file(let path, let contents?) in session.events where files[url(of: path, in: directory)] == nil {
      files[url(of: path, in: directory)] = contents
    }
    return files
  }

  /// Every action processed, with the state after it, its change, and the display: step 0 is the
  /// start. Kept only when the replay was made with `keepsSteps`.
  public private(set) var stepsTaken: [SessionStep] = []

  func url(of path: String, in directory: URL) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
  }

  // MARK: - The reducer

  /// Checks `action` against the recording, then runs the reducer (`run`). The state's change is
  /// kept for the first divergence, and for every step when steps are kept.
  func reduce(_ action: Action, state: inout State, run: (inout State) -> Effect<Action>) -> Effect<Action> {
    let dump = dumps.dump(action)
    let wasDiverged = cursor.divergence != nil
    let (matches, origin) = cursor.take(action: dump)
    let isFirstDivergence = !matches && !wasDiverged
    guard isFirstDivergence || keepsSteps else { return run(&state)._observed(by: effects) }
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    var change: String?
    let effect = tracker.track {
      let old = state
      let effect = run(&state)
      tracker.assert { change = diff(old, state) }
      return effect
    }
    if isFirstDivergence {
      cursor.diverge(cursor.divergence(.action(produced: dump, from: origin), stateDiff: change ?? "(No state changes)"))
    }
    if keepsSteps {
      let display = render?(state) ?? []
      let line = cursor.state.withLock { $0.lastLine }
      let number = stepsTaken.count
      let step = SessionStep(
        number: number, line: line?.text, lineNumber: line?.number, action: dump, origin: origin,
        change: change, state: String(customDumping: state), display: display
      )
      stepsTaken.append(step)
    }
    return effect._observed(by: effects)
  }

  // MARK: - The run

  /// Replays the session through `view` over `store` (built with `Reducer.replayed(by:)` and
  /// the replay's dependencies), changing files in `storage` as other processes did.
  ///
  /// - Parameters:
  ///   - view: The view the recorded run drove.
  ///   - store: The store to replay into, its reducer wrapped by ``SessionReplay``.
  ///   - storage: The in-memory files the store's dependencies read and write.
  ///   - dataDirectory: Where those files are, as the session's relative paths are placed.
  ///   - style: The text style for a state, as the recorded run styled it.
  ///   - externalChange: What else another process's change to a file does, once
  ///     `storage` holds it, with the file's new contents (`nil`: removed): a launcher that opened
  ///     a database in memory from a recorded file replaces what it holds. An error it throws
  ///     ends the replay: the session holds a file that cannot be used.
  @MainActor
  public func run<View: TerminalView>(
    _ view: View,
    over store: Store<View.State, View.Action>,
    storage: FileStorage,
    dataDirectory: URL,
    style: @escaping (State) -> TextStyle = { _ in .plain },
    externalChange: @escaping @MainActor (URL, Data?) throws -> Void = { _, _ in }
  ) async -> SessionReplayResult where View.State == State, View.Action == Action {
    // NB: The replay feeds each event once the recording says it came, and orders the effects'
    //     results as recorded: a line does not wait for its effects.
    var configuration = TerminalProgram<View>.Configuration(isInteractive: false, style: style)
    configuration.awaitsEffects = false
    let program = TerminalProgram(
      store: store, view: view, configuration: configuration,
      output: TerminalOutput(output: { _ in }, error: { _ in })
    )
    let feed = ReplayFeed(checkingWith: cursor)
    program.tap = feed
    if keepsSteps {
      let prepared = view._prepare()
      let cache = TerminalFrameCache()
      let renderer: (State) -> [String] = { state in
        // NB: Rendered after every action, as a program redraws after every send.
        cache.markUntrackedFramesStale()
        return prepared.frame(for: state, style: .plain, cache: cache).displayLines(style: .plain)
      }
      render = renderer
      let start = SessionStep(
        number: 0, line: nil, lineNumber: nil, action: nil, origin: nil, change: nil,
        state: String(customDumping: store.state), display: renderer(store.state)
      )
      stepsTaken = [start]
    }
    let walk = Walk(feed: feed, storage: storage, dataDirectory: dataDirectory, externalChange: externalChange)
    // NB: A program told `quit` reads no more, and lets its effects finish: the walk goes on
    //     meanwhile through what they do, as the recorded run's did.
    let (shutDown, shuttingDown) = AsyncStream<Void>.makeStream()
    feed.onShutDown {
      shuttingDown.yield()
      shuttingDown.finish()
    }
    let walkingOn = Task { @MainActor in
      for await _ in shutDown {
        walk.programEnded = true
        while await self.nextInput(walk) != nil {}
      }
    }
    // NB: The program asks for each event once it has handled the one before: the walk goes on
    //     from there to the next input event, on the program's actor.
    _ = await program.run(.queue(TerminalInput { await self.nextInput(walk) }))
    shuttingDown.finish()
    await walkingOn.value
    // NB: A program that ended early (an interrupt) left the rest of the recording: the
    //     actions, answers and output of what it cancelled on its way out.
    walk.programEnded = true
    while await nextInput(walk) != nil {}
    let problem = walk.problem
    if let problem { return SessionReplayResult(session: session, lines: cursor.lines, actions: cursor.actions, verdict: .badInput(problem)) }
    if let divergence = cursor.divergence {
      return SessionReplayResult(session: session, lines: cursor.lines, actions: cursor.actions, verdict: .diverged(divergence))
    }
    return SessionReplayResult(session: session, lines: cursor.lines, actions: cursor.actions, verdict: .identical)
  }
}
