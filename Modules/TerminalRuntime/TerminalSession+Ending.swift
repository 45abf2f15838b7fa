import ComposableCore
import TerminalUI

// MARK: - Ending: end of input, quit, interrupt

extension TerminalSession {
  /// Forwards events, acting on an interrupt at once even while a command waits for effects.
  func pump(_ events: AsyncStream<TerminalEvent>) -> AsyncStream<TerminalEvent> {
    let (commands, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let forwarding = Task { @MainActor [weak self] in
      for await event in events {
        if event == .interrupt {
          self?.interrupt()
        }
        continuation.yield(event)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in forwarding.cancel() }
    return commands
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

  /// Lets running effects finish, up to the shutdown timeout, then cancels the rest.
  func shutdown() async -> Int32 {
    await effects.finishAll(within: configuration.shutdownTimeout)
    await source.stop()
    await onExit()
    return isInterrupted ? 130 : 0
  }
}
