import ComposableCore
import TerminalUI

// MARK: - Ending: end of input, quit, interrupt

extension TerminalProgram {
  /// Forwards events into a queue the program reads on its own actor, acting on an interrupt
  /// at once even while a command waits for effects; returns the queue and the forwarding task,
  /// which runs until the input ends or it is cancelled.
  func pump(_ events: AsyncStream<TerminalEvent>) -> (TerminalInput, Task<Void, Never>) {
    let queue = TerminalInput()
    // NB: Detached: an `AsyncStream`'s `next()` runs on the global executor, so a forwarder on
    //     the main actor would hop off it and back for every line of a script.
    let interrupt: @MainActor @Sendable () -> Void = { [weak self] in
      self?.tap?.willHandle(.interrupt)
      self?.interrupt()
    }
    let forwarding = Task.detached {
      for await event in events {
        if event == .interrupt {
          await interrupt()
        }
        queue.push(event)
      }
      queue.finish()
    }
    return (queue, forwarding)
  }

  func interrupt() {
    isInterrupted = true
    effects.cancelAll()
  }

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
