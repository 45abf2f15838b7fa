import ComposableCore
import Locking
import TerminalRuntime

/// The replay's side of a program it drives like any other source: the recorded events go in
/// through the program's input (``input``), and what the program tells its tap comes
/// back — each event handled, each send a line asked for and the work it started, the output,
/// which the cursor checks.
///
/// The replay feeds an event and waits until the program has handled it (``feed(_:)``), as
/// the recorded run's next event came after it; the work lines started is followed here, so
/// that the replay knows when no action can come any more (``effectsFinished()``).
final class ReplayFeed: TerminalProgramTap, Sendable {
  /// The events the program reads, pushed in one at a time.
  let input = TerminalInput()
  private let cursor: ReplayCursor
  private let state = Lock(State())

  private struct State {
    /// Resumed when the program has handled the event fed, with whether it was a line naming
    /// no command; with `nil` once the program has ended.
    var waiting: CheckedContinuation<Bool?, Never>?
    var hasEnded = false
    /// The work the lines started.
    var tasks: [StoreTask] = []
  }

  init(checkingWith cursor: ReplayCursor) {
    self.cursor = cursor
  }

  /// Feeds `event` to the program and waits until it has handled it; returns whether it was a
  /// line naming no command, or `nil` once the program has ended (it handles no more).
  ///
  /// NB: Runs on the caller's actor (the program's): a hop to the global executor and back for
  ///     every event would cost the replay two thread wake-ups an event.
  func feed(_ event: TerminalEvent, isolation: isolated (any Actor)? = #isolation) async -> Bool? {
    await withCheckedContinuation { continuation in
      let hasEnded = state.withLock { state in
        if !state.hasEnded { state.waiting = continuation }
        return state.hasEnded
      }
      guard !hasEnded else { return continuation.resume(returning: nil) }
      input.push(event)
    }
  }

  /// Stops the program: an interrupt, which cancels what still runs, then the end of its input.
  func stop() {
    input.push(.interrupt)
    input.finish()
  }

  /// The program has returned: a replay waiting for an event to be handled waits no more.
  func programEnded() {
    let waiting = state.withLock { state in
      state.hasEnded = true
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: nil)
  }

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
    let waiting = state.withLock { state in
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: namedNoCommand)
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
}
