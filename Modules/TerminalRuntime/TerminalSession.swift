import ComposableCore
import TerminalUI

/// Drives a store from the terminal: reads command lines, routes them to the view, sends the
/// actions, and prints what changed on the view's screen.
///
/// When the view has pushed a screen (``TerminalView/screen(for:)``, the top of a feature's
/// stack), that screen is shown instead, under its breadcrumb; only its commands, `back`
/// (which pops it), `help` and `quit` are understood until it is popped.
///
/// Typed at a terminal (``Configuration/isInteractive``), it shows a prompt and prints results
/// of effects as they arrive. Piped, it waits for each command's effects to finish before the
/// next line, so a script's output is the same on every run.
///
/// ```swift
/// let session = TerminalSession(store: store, view: AppView(), configuration: .init(isInteractive: false))
/// let status = await session.run(events: StandardInput.events())
/// ```
@MainActor
public final class TerminalSession<View: TerminalView> {
  /// How a session behaves.
  public struct Configuration {
    /// A person types (prompt, asynchronous output) rather than a script pipes.
    public var isInteractive: Bool
    /// The prompt shown before each line when interactive.
    public var prompt: String
    /// Lines printed first when interactive, e.g. a title and a hint.
    public var banner: [String]
    /// How long the end of input waits for running effects before cancelling them.
    public var shutdownTimeout: Duration
    /// The text style for a state, e.g. from a color setting in it.
    public var style: (View.State) -> TextStyle

    /// Creates a configuration.
    public init(
      isInteractive: Bool,
      prompt: String = "> ",
      banner: [String] = [],
      shutdownTimeout: Duration = .seconds(6),
      style: @escaping (View.State) -> TextStyle = { _ in .plain }
    ) {
      self.isInteractive = isInteractive
      self.prompt = prompt
      self.banner = banner
      self.shutdownTimeout = shutdownTimeout
      self.style = style
    }
  }

  let store: Store<View.State, View.Action>
  let view: View
  /// The view again when it reads through the store, as a parent handing scoped stores to
  /// its children does.
  let storeView: (any StoreTerminalView<View.State, View.Action>)?
  let configuration: Configuration
  var output: TerminalOutput
  let onExit: () async -> Void
  var screen = ScreenDiff()
  /// The view's commands, asked for once, as a pushed screen takes its view's when it is made:
  /// a view may build them from its groups each time it is asked.
  private(set) lazy var viewCommands = view.commands
  /// The pushed screen and the question found by the last redraw, while still current (see
  /// ``screenAndPrompt()``).
  var drawn: (TerminalScreen<View.Action>?, TerminalPrompt<View.Action>?)?
  let effects = RunningEffects()
  var isInterrupted = false
  var isHandlingCommand = false
  /// Where the lines come from, while the session runs.
  var source = LineSource(events: AsyncStream { $0.finish() }, editor: nil)
  /// Whether the last event was Ctrl-C at an empty, idle prompt: a second one leaves.
  var isAwaitingSecondInterrupt = false
  lazy var redraws = RedrawSchedule { [weak self] in
    guard let self else { return }
    show(trackedScreen())
  }

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - store: The store to drive.
  ///   - view: The view that parses commands and renders the store's state.
  ///   - configuration: Interactive or piped, prompt, shutdown timeout, style.
  ///   - output: Where to write; standard output and error by default.
  ///   - onExit: Runs before the session returns, e.g. to flush shared state to disk.
  public init(
    store: Store<View.State, View.Action>,
    view: View,
    configuration: Configuration,
    output: TerminalOutput = .standard,
    onExit: @escaping () async -> Void = {}
  ) {
    self.store = store
    self.view = view
    self.storeView = view as? any StoreTerminalView<View.State, View.Action>
    self.configuration = configuration
    self.output = output
    self.onExit = onExit
  }

  /// Runs until the end of input, `quit` or `exit` (returning 0), or an interrupt (returning
  /// 130, after cancelling running effects). Shared state is flushed by `onExit` either way.
  public func run(events: AsyncStream<TerminalEvent>) async -> Int32 {
    await run(LineSource(events: events, editor: nil))
  }

  /// Runs on `source`: see ``run(events:)``.
  func run(_ source: LineSource) async -> Int32 {
    self.source = source
    _ = screen.update(to: trackedScreen())
    // NB: A change made by a send is drawn when the send has been processed, so piped output
    // is the same on every run; one made outside a send (a file changed by another process)
    // is drawn by the task `trackedScreen` schedules.
    let token = store.addSendObserver { [weak self] in self?.redraws.flushIfStale() }
    defer { store.removeSendObserver(token) }

    if configuration.isInteractive {
      output.print(configuration.banner + screen.lines)
      askForLine()
    }
    let (commands, forwarding) = pump(source.events)
    defer { forwarding.cancel() }
    while let event = await commands.next() {
      if isInterrupted { break }
      let isSecondInterrupt = isAwaitingSecondInterrupt
      isAwaitingSecondInterrupt = false
      switch event {
      case .line(let line):
        guard await handle(line) else { return await shutdown() }
      case .unreadable(let reason):
        output.error(reason)
      case .end:
        return await shutdown()
      case .interrupt:
        break
      case .interruptedLine(let typed):
        guard interruptAtPrompt(typed: typed, isSecond: isSecondInterrupt) else {
          return await exitAfterInterrupt()
        }
      }
      if isInterrupted { break }
      if configuration.isInteractive { askForLine() }
    }
    return isInterrupted ? await exitAfterInterrupt() : await shutdown()
  }

  // MARK: - Commands

  /// Handles one line; returns `false` when it asks to quit.
  func handle(_ line: String) async -> Bool {
    isHandlingCommand = true
    defer { isHandlingCommand = false }
    // NB: While a question is pending the line answers it; only quit still leaves.
    let (screen, prompt) = screenAndPrompt()
    if let prompt,
      !BuiltInCommand.quit.matches(line.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "")
    {
      await answer(prompt, with: line)
      return true
    }
    let outcome = LineOutcome.of(
      line, commands: currentCommands(on: screen), screen: screen?.title, underneath: viewCommands
    ) { invocation throws(ArgumentError) in
      if let screen { return try screen.interpret(invocation) }
      return try self.outcome(of: invocation)
    }
    switch outcome {
    case .nothing:
      break
    case .quit:
      return false
    case .help(let topic):
      showHelp(for: topic)
    case .back:
      if let screen { await send(screen.back) }
    case .command(.print(let lines)):
      output.print(lines)
    case .command(.send(let action)):
      await send(action)
    case .unknownCommand(let message), .rejected(let message):
      output.error(message)
    }
    return true
  }

  /// The pushed screen and the question asked now: as last drawn, when nothing they read has
  /// changed since (observation would have marked the screen stale), else found again.
  ///
  /// NB: Finding them reads every feature's state; a script's line after a redraw reads none.
  private func screenAndPrompt() -> (TerminalScreen<View.Action>?, TerminalPrompt<View.Action>?) {
    if let drawn, !redraws.isStale { return drawn }
    let screen = currentScreen()
    return (screen, currentPrompt(on: screen))
  }

  /// The question asked now — the pushed screen's first, then the view's — read through the
  /// store when the view reads it so.
  func currentPrompt() -> TerminalPrompt<View.Action>? {
    currentPrompt(on: currentScreen())
  }

  /// The question asked now, `screen` being the screen pushed now.
  func currentPrompt(on screen: TerminalScreen<View.Action>?) -> TerminalPrompt<View.Action>? {
    if let prompt = screen?.prompt { return prompt }
    if let storeView { return storeView.prompt(for: store) }
    return view.prompt(for: store.state)
  }

  /// The screen pushed over the view now, if any, read through the store when the view reads
  /// it so.
  func currentScreen() -> TerminalScreen<View.Action>? {
    if let storeView { return storeView.screen(for: store) }
    return view.screen(for: store.state)
  }

  /// The commands understood now: the pushed screen's and `back`, or the view's.
  func currentCommands() -> [Command] {
    currentCommands(on: currentScreen())
  }

  /// The commands understood now, `screen` being the screen pushed now.
  func currentCommands(on screen: TerminalScreen<View.Action>?) -> [Command] {
    guard let screen else { return viewCommands }
    return screen.commands + [TerminalScreen<View.Action>.backCommand]
  }

  /// What `invocation` does, read through the store when the view reads it so.
  private func outcome(of invocation: Invocation) throws(ArgumentError) -> CommandOutcome<View.Action> {
    if let storeView {
      return try storeView.interpret(invocation, store: store)
    }
    return try view.interpret(invocation, state: store.state)
  }

  /// Sends the action `line` picks from `prompt`, or says what to type and asks again.
  private func answer(_ prompt: TerminalPrompt<View.Action>, with line: String) async {
    guard let action = prompt.answer(line) else {
      output.error("unknown answer \(ArgumentError.quote(line)) — \(prompt.hint)")
      output.print(prompt.lines(style: configuration.style(store.state)))
      return
    }
    await send(action)
  }

  /// Sends `action`; piped, waits for its effects before the next line.
  func send(_ action: View.Action) async {
    let task = store.send(action)
    if configuration.isInteractive {
      effects.track(task)
    } else {
      await effects.finish(task)
    }
  }
}
