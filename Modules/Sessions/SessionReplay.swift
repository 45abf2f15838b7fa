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
/// let storage = FileStorage.inMemory(files: replay.files(in: directory), clock: ReplayClock(cursor: replay.cursor, name: SessionRecorder.writeDelay))
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
  /// it a divergence (when effects still run; when none does, it does not wait).
  public let patience: Duration
  /// Whether each action's state, change and display are kept, for stepping through.
  let keepsSteps: Bool
  /// The dumps of the actions processed so far (see `ActionDumps`).
  private var dumps = ActionDumps()
  /// Draws the display of a state, when steps are kept: set before the store processes an
  /// action.
  private var render: ((State) -> [String])?

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
    guard isFirstDivergence || keepsSteps else { return run(&state) }
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
    return effect
  }

  // MARK: - The run

  /// Replays the session through `view` over `store` (built with ``Reducer/replayed(by:)`` and
  /// the replay's dependencies), changing files in `storage` as other processes did.
  @MainActor
  public func run<View: TerminalView>(
    _ view: View,
    over store: Store<View.State, View.Action>,
    storage: FileStorage,
    dataDirectory: URL,
    style: @escaping (State) -> TextStyle = { _ in .plain }
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
    let walk = Walk(feed: feed, storage: storage, dataDirectory: dataDirectory)
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
    _ = await program.run(input: TerminalInput { await self.nextInput(walk) })
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

  /// Where the replay's walk through the recording is, between the program's asks.
  @MainActor
  private final class Walk {
    let feed: ReplayFeed
    let storage: FileStorage
    let dataDirectory: URL
    /// The event number of the line handed to the program last, until the walk goes on.
    var lineFed: Int?
    /// Why the session cannot be replayed, once found.
    var problem: SessionFileError?
    /// Whether the program has returned: input events are passed over.
    var programEnded = false
    var isOver = false

    init(feed: ReplayFeed, storage: FileStorage, dataDirectory: URL) {
      self.feed = feed
      self.storage = storage
      self.dataDirectory = dataDirectory
    }
  }

  /// Walks the recording from where `walk` is to its next input event, which it returns for
  /// the program to handle: meanwhile it waits for each recorded action, gives each recorded
  /// answer when it is asked for, and changes files as other processes did. At the end (or the
  /// first divergence) it returns an interrupt, which stops the program, then `nil`.
  @MainActor
  private func nextInput(_ walk: Walk) async -> TerminalEvent? {
    guard !walk.isOver else { return nil }
    if let number = walk.lineFed {
      walk.lineFed = nil
      if walk.feed.lineNamedNoCommand, !recordedErrorFollows(number) {
        walk.problem = SessionFileError(session.name, .unknownCommand(line: cursor.state.withLock { $0.lastLine?.text } ?? "", event: number))
      }
    }
    // NB: Once every effect has finished no action will come; nor will an answer, unless a
    //     file's writer is in its write interval: its loop, a task of its own, may not have
    //     asked for its `write-delay` sleep yet.
    let (feed, storage) = (walk.feed, walk.storage)
    let effectsFinished: @Sendable () async -> Bool = {
      await feed.effectsFinished()
      return true
    }
    let nothingAsks: @Sendable () async -> Bool = {
      await feed.effectsFinished()
      return !storage.isWritingInIntervals
    }
    while walk.problem == nil, cursor.divergence == nil, let (position, number, event) = cursor.due {
      switch event {
      case .line(let line):
        cursor.advance(feeding: line)
        guard !walk.programEnded else { continue }
        walk.lineFed = number
        return .line(line)
      case .unreadable(let reason):
        cursor.advance()
        guard !walk.programEnded else { continue }
        return .unreadable(reason)
      case .interrupt(let typed):
        cursor.advance()
        guard !walk.programEnded else { continue }
        return typed.map { .interruptedLine($0) } ?? .interrupt
      case .endOfInput:
        // NB: The recorded run let its effects finish after the end of its input; the walk
        //     goes on through what they did, and stops the program at its end.
        cursor.advance()
      case .action:
        // NB: The position seen with the event: an effect may have taken it since.
        if !(await cursor.waitUntilPast(position, within: patience, orAfter: effectsFinished)) {
          cursor.diverge(cursor.divergence(.nothing))
        }
      case .answer(let dependency, _, _), .failure(let dependency, _, _):
        // NB: A file's writer asks for its next `write-delay` once its last write is made, on
        //     the cooperative pool, which the rest of a busy process can keep from it for longer
        //     than the patience. While it still writes in intervals that ask is certain to
        //     come; once it stops, `nothingAsks` ends the wait.
        let isGiven = await cursor.giveAnswer(at: position, within: patience, orAfter: nothingAsks) {
          dependency == SessionRecorder.writeDelay && storage.isWritingInIntervals
        }
        if !isGiven, cursor.divergence == nil { cursor.diverge(cursor.divergence(.nothing)) }
      case .externalChange(let path, let contents):
        cursor.advance()
        storage.changeAsAnotherProcess(url(of: path, in: walk.dataDirectory), contents: contents)
      case .exit, .file, .output:
        cursor.advance()
      }
    }
    walk.isOver = true
    if cursor.divergence == nil, walk.problem == nil, !session.isCutShort {
      cursor.checkOutputIsComplete()
    }
    cursor.cancelPendingCalls()
    return walk.programEnded ? nil : .interrupt
  }

  /// Whether the recording wrote an error right after the line at event `number` (the session
  /// then did not know its command either).
  private func recordedErrorFollows(_ number: Int) -> Bool {
    let events = session.events
    var index = number
    while index < events.count {
      switch events[index] {
      case .output(_, .error): return true
      case .output(_, .output), .output(_, .notice): index += 1
      default: return false
      }
    }
    return false
  }

}

/// What a replay came to.
public struct SessionReplayResult: Equatable, Sendable {
  /// How it ended.
  public enum Verdict: Equatable, Sendable {
    /// Everything happened as recorded.
    case identical
    /// Something happened otherwise.
    case diverged(SessionDivergence)
    /// The session cannot be replayed by this app.
    case badInput(SessionFileError)
  }

  /// The session replayed.
  public var session: SessionFile
  /// The lines fed.
  public var lines: Int
  /// The actions processed.
  public var actions: Int
  /// How it ended.
  public var verdict: Verdict

  /// The exit status `app replay` ends with: 0 identical, 1 diverged, 2 not replayable.
  public var status: Int32 {
    switch verdict {
    case .identical: 0
    case .diverged: 1
    case .badInput: 2
    }
  }

  /// The report: the summary line, then a divergence's details.
  public var report: [String] {
    let counts = "replayed \(lines) \(lines == 1 ? "line" : "lines"), \(actions) \(actions == 1 ? "action" : "actions")"
    switch verdict {
    case .identical:
      let cut = session.isCutShort
        ? "; the run was cut short, and its session stops after line \(session.lastLine) of \(session.name)" : ""
      return ["\(counts): identical\(cut)"]
    case .diverged(let divergence):
      return ["\(counts): diverged"] + divergence.lines
    case .badInput(let error):
      return [error.description]
    }
  }
}
