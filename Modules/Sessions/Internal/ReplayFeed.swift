import ComposableCore
import Locking
import TerminalRuntime

/// What a replayed program tells its tap, as the replay needs it: whether the line just handled
/// named no command, the work the lines started (so that the replay knows when no action can
/// come any more), and the output, which the cursor checks.
final class ReplayFeed: TerminalProgramTap, Sendable {
  private let cursor: ReplayCursor
  private let state = Lock(State())

  private struct State {
    var lineNamedNoCommand = false
    /// Runs when the program stops reading input and lets its effects finish.
    var onShutDown: (@Sendable () -> Void)?
    /// The work the lines started.
    var tasks: [StoreTask] = []
  }

  init(checkingWith cursor: ReplayCursor) {
    self.cursor = cursor
  }

  /// Runs `action` when the program stops reading input and lets its effects finish: the
  /// replay then walks on through what they do, which the program no longer asks for.
  func onShutDown(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.onShutDown = action }
  }

  /// Whether the last event the program handled was a line naming no command.
  var lineNamedNoCommand: Bool { state.withLock { $0.lineNamedNoCommand } }

  /// Waits until all the work the lines started has finished, cancelling none of it.
  func effectsFinished() async {
    for task in state.withLock({ $0.tasks }) where !task._isFinished {
      // NB: Awaited from a task of its own: `StoreTask.finish()` cancels the work when the
      //     task awaiting it is cancelled, and the replay's waits are cancelled when they end.
      await Task { await task.finish() }.value
    }
  }

  // MARK: TerminalProgramTap

  func willHandle(_ event: TerminalEvent) {}

  func didHandle(_ event: TerminalEvent, namedNoCommand: Bool) {
    state.withLock { $0.lineNamedNoCommand = namedNoCommand }
  }

  func willSendFromLine() {
    cursor.willSendFromLine()
  }

  func didSendFromLine(_ task: StoreTask) {
    state.withLock { state in
      state.tasks.removeAll { $0._isFinished }
      state.tasks.append(task)
    }
  }

  func wrote(_ text: String, to stream: TerminalOutput.Stream) {
    cursor.wrote(text, to: stream)
  }

  func willShutDown() {
    state.withLock { $0.onShutDown.take() }?()
  }
}
