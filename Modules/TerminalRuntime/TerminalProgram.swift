import ChangeTracking
import ComposableCore
import TerminalUI

/// Drives a store from the terminal: reads command lines, routes them to the view, sends the
/// actions, and prints what changed on its display.
///
/// When the view has pushed a screen (`TerminalView.screen(for:)`, the top of a feature's
/// stack), that screen is shown instead, under its breadcrumb; only its commands, `back`
/// (which pops it), `help` and `quit` are understood until it is popped.
///
/// Typed at a terminal (``Configuration/isInteractive``), it shows a prompt and prints results
/// of effects as they arrive. Piped, it waits for each command's effects to finish before the
/// next line, so a script's output is the same on every run.
///
/// ```swift
/// let program = TerminalProgram(store: store, view: AppView(), configuration: .init(isInteractive: false))
/// let status = await program.run(.lines(of: STDIN_FILENO))
/// ```
@MainActor
public final class TerminalProgram<View: TerminalView> {
  let store: Store<View.State, View.Action>
  /// The view, prepared once (a composed view's body, evaluated once), with its commands.
  let root: ProgramView<View.State, View.Action>
  /// The view, prepared once.
  var view: any TerminalView<View.State, View.Action> { root.view }
  /// The frames drawn last, one per view of the view tree, each kept until something it read
  /// has changed.
  let frames = TerminalFrameCache()
  /// The style drawn last, kept until something it read has changed.
  let styleTracking = StyleTracking(keepsStyle: View.State.self is any ObservableState.Type)
  /// The frame made last and the view or screen it makes active, while still current (see
  /// ``currentFrame()``).
  var drawn: Drawn?
  let configuration: Configuration
  var output: TerminalOutput
  let onExit: () async -> Void
  /// The lines on the terminal now, as last printed: a redraw prints those that changed.
  var shown = DisplayDiff()
  /// The view's commands, asked for once, as a pushed screen takes its view's when it is made.
  var viewCommands: [Command] { root.commands }
  let effects = RunningEffects()
  var isInterrupted = false
  var isHandlingCommand = false
  /// Who draws the prompt, while the program runs: the line editor, or the program itself.
  var source = LineSource(editor: nil)
  /// Whether the last event was Ctrl-C at an empty, idle prompt: a second one leaves.
  var isAwaitingSecondInterrupt = false
  /// Whether the line being handled began with a word that is no command here.
  private var lineNamedNoCommand = false
  /// Who watches the run (a recorder, a replay), if anyone: set before ``run(_:)``.
  public var tap: (any TerminalProgramTap)?
  /// Whether the display is stale, and, typed, the redraw at the idle prompt that a change from
  /// outside a send schedules.
  lazy var redraws = RedrawSchedule(
    schedulesRedraws: configuration.isInteractive,
    sender: store.sender
  ) { [weak self] in
    guard let self else { return }
    show(currentLines())
  }

  /// Creates a program.
  ///
  /// - Parameters:
  ///   - store: The store to drive.
  ///   - view: The view that parses commands and renders the store's state.
  ///   - configuration: Interactive or piped, prompt, shutdown timeout, style.
  ///   - output: Where to write; standard output and error by default.
  ///   - onExit: Runs before the program returns, e.g. to flush shared state to disk.
  public init(
    store: Store<View.State, View.Action>,
    view: View,
    configuration: Configuration,
    output: TerminalOutput = .standard,
    onExit: @escaping () async -> Void = {}
  ) {
    self.store = store
    self.root = ProgramView(view._prepare())
    self.configuration = configuration
    self.output = output
    self.onExit = onExit
  }

  /// Runs on `input` until the end of input, `quit` or `exit` (returning 0), or an interrupt
  /// (returning 130, after cancelling running effects). Shared state is flushed by `onExit`
  /// either way.
  public func run(_ input: TerminalProgramInput) async -> Int32 {
    let (events, stop) = open(input)
    defer { stop() }
    return await run(events)
  }

  /// Runs on the events of `commands`: see ``run(_:)``.
  private func run(_ commands: TerminalInput) async -> Int32 {
    if let tap { output = output.tapped(by: tap) }
    // NB: A change made outside a send can only be a shared value's (another process's write,
    //     an effect's `withLock`): it marks the display stale, and, typed, schedules a redraw.
    //     Heard from before the first frame reads anything: a change made after that read and
    //     before the program listened would be drawn by nothing.
    redraws.startListening()
    defer { redraws.stopListening() }
    // NB: Typed, the views learn the terminal's height before the first draw, which then shows
    //     a page that fits.
    if let rows = configuration.terminalRows?() { _ = await process(.resized(rows: rows)) }
    _ = shown.update(to: currentLines())
    // NB: A change made by a send is drawn when the send has been processed, so piped output
    // is the same on every run. Typed, one made outside a send (a file changed by another
    // process) is drawn at the idle prompt by the redraw it schedules; piped, with the next
    // send.
    let token = store.addSendObserver { [weak self] in self?.redrawAfterSend() }
    defer { store.removeSendObserver(token) }

    if configuration.isInteractive {
      output.print(configuration.banner + shown.lines)
      askForLine()
    }
    defer { output.flush() }
    while true {
      // NB: What was printed is written out before the program waits for a line: a script
      //     that waits for an answer before it sends the next line gets it.
      if !commands.hasQueuedEvent { output.flush() }
      guard let event = await commands.next() else { break }
      if isInterrupted { break }
      switch await process(event) {
      case .next:
        break
      case .shutDown:
        return await shutdown()
      case .leave:
        return await exitAfterInterrupt()
      }
      if isInterrupted { break }
      // NB: A resize comes while a line may be half typed: the prompt is already shown.
      if case .resized = event { continue }
      if configuration.isInteractive { askForLine() }
    }
    return isInterrupted ? await exitAfterInterrupt() : await shutdown()
  }

  /// What a program does after an event.
  enum NextStep: Equatable, Sendable {
    /// Reads the next event.
    case next
    /// Lets running effects finish and returns 0: the end of input, `quit`.
    case shutDown
    /// Cancels running effects and returns 130: a second Ctrl-C at an idle prompt.
    case leave
  }

  /// Handles one event of the input, telling the tap before and after.
  func process(_ event: TerminalEvent) async -> NextStep {
    tap?.willHandle(event)
    lineNamedNoCommand = false
    let next = await handle(event)
    tap?.didHandle(event, namedNoCommand: lineNamedNoCommand)
    return next
  }

  private func handle(_ event: TerminalEvent) async -> NextStep {
    let isSecondInterrupt = isAwaitingSecondInterrupt
    isAwaitingSecondInterrupt = false
    switch event {
    case .line(let line):
      guard await handle(line) else { return .shutDown }
    case .unreadable(let reason):
      output.error(reason)
    case .end:
      return .shutDown
    case .interrupt:
      interrupt()
    case .interruptedLine(let typed):
      guard interruptAtPrompt(typed: typed, isSecond: isSecondInterrupt) else { return .leave }
    case .resized(let rows):
      // NB: Not a line: a second Ctrl-C after it still leaves.
      isAwaitingSecondInterrupt = isSecondInterrupt
      for action in view.terminalResized(rows: rows, state: store.state) { await send(action) }
    }
    return .next
  }

  // MARK: - Commands

  /// Handles one line; returns `false` when it asks to quit.
  func handle(_ line: String) async -> Bool {
    isHandlingCommand = true
    defer { isHandlingCommand = false }
    // NB: While a question is pending the line answers it; only quit still leaves.
    let drawn = currentFrame()
    if let question = drawn.frame.currentQuestion,
      !BuiltInCommand.quit.matches(line.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "")
    {
      await answer(question, with: line)
      return true
    }
    let active = drawn.active
    let outcome = ParsedLine.parse(
      line, commands: active.commands, screen: active.title, underneath: viewCommands
    ) { invocation throws(ArgumentError) in
      try active.interpret(invocation, state: store.state)
    }
    switch outcome {
    case .nothing:
      break
    case .quit:
      return false
    case .help(let topic):
      showHelp(for: topic)
    case .back:
      if let back = active.back { await send(back) }
    case .command(.print(let lines)):
      output.print(lines)
    case .command(.send(let action)):
      await send(action)
    case .unknownCommand(let message):
      lineNamedNoCommand = true
      output.error(message)
    case .rejected(let message):
      output.error(message)
    }
    return true
  }

  /// A frame as drawn, with the view or screen it makes active.
  struct Drawn {
    var frame: TerminalFrame<View.Action>
    var active: ActiveView<View.State, View.Action>
  }

  /// The view's frame now: as made last, while nothing it was made from has changed since (a
  /// change marks the display stale, and every send is followed by a redraw), else made again.
  ///
  /// NB: A script's line after a redraw reads no feature's state to find the screen and the
  ///     question.
  func currentFrame() -> Drawn {
    if let drawn, !redraws.isStale { return drawn }
    return makeFrame().drawn
  }

  /// The view's frame, made again: its lines, pushed screen and question, each feature's kept
  /// until something it read changes (``TerminalFrameCache``).
  func makeFrame() -> (drawn: Drawn, style: TextStyle) {
    let style = styleTracking.style { configuration.style(store.state) }
    // NB: The state is read, tracked, only by the frames made again: a state replaced by another
    //     (the store's identity changed) marks them stale.
    let frame = view._frame(for: { store.state }, style: style, cache: frames)
    let drawn = Drawn(frame: frame, active: ActiveView(frame: frame, view: root))
    self.drawn = drawn
    return (drawn, style)
  }

  /// The view or the pushed screen, whichever is active now.
  func currentActive() -> ActiveView<View.State, View.Action> {
    currentFrame().active
  }

  /// Sends the action `line` picks from `question`, or says what to type and asks again.
  private func answer(_ question: TerminalQuestion<View.Action>, with line: String) async {
    guard let action = question.answer(line) else {
      output.error("unknown answer \(ArgumentError.quote(line)) — \(question.hint)")
      output.print(question.lines(style: configuration.style(store.state)))
      return
    }
    await send(action)
  }

  /// Sends `action`; piped, waits for its effects before the next line.
  func send(_ action: View.Action) async {
    tap?.willSendFromLine()
    let task = store.send(action)
    tap?.didSendFromLine(task)
    if configuration.awaitsEffects {
      if !task._isFinished { output.flush() }
      await effects.finish(task)
    } else {
      effects.track(task)
    }
  }
}
