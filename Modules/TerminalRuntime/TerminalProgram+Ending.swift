import ComposableCore
import TerminalUI

// MARK: - Ending: end of input, quit, interrupt

extension TerminalProgram {
  /// Stops: running effects are cancelled, and the loop leaves at its next turn.
  func interrupt() {
    isInterrupted = true
    effects.cancelAll()
  }

  /// Leaves after an interrupt: running effects cancelled, the terminal restored, `onExit` run;
  /// returns 130.
  func exitAfterInterrupt() async -> Int32 {
    interrupt()
    await source.stop()
    await onExit()
    return 130
  }

  /// Lets running effects finish, up to the shutdown timeout, then cancels the rest; typed,
  /// draws a change still waiting for its redraw, so the display's last state is shown.
  func shutdown() async -> Int32 {
    tap?.willShutDown()
    await effects.finishAll(within: configuration.shutdownTimeout)
    // NB: A change made outside a send is drawn by a redraw scheduled on the main actor; a run
    //     that ends first would leave it undrawn. Piped, such a change waits for a send, so the
    //     output stays the same on every run.
    if configuration.isInteractive { redraws.flushIfStale() }
    await source.stop()
    await onExit()
    return isInterrupted ? 130 : 0
  }
}
