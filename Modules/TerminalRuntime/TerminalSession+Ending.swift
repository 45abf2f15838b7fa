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
    for task in tasks {
      task.cancel()
    }
  }

  func exitAfterInterrupt() async -> Int32 {
    interrupt()
    await stopEditor()
    await onExit()
    return 130
  }

  /// Lets running effects finish, up to the shutdown timeout, then cancels the rest.
  func shutdown() async -> Int32 {
    let running = tasks.filter { !$0._isFinished }
    if !running.isEmpty {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          for task in running { await task.finish() }
          return true
        }
        group.addTask { [timeout = configuration.shutdownTimeout] in
          try? await Task.sleep(for: timeout)
          return false
        }
        _ = await group.next()
        group.cancelAll()
      }
    }
    for task in tasks { task.cancel() }
    tasks.removeAll()
    await stopEditor()
    await onExit()
    return isInterrupted ? 130 : 0
  }

  /// Stops the line editor, if one runs, once the text printed so far is shown: the terminal is
  /// restored before `onExit` prints.
  private func stopEditor() async {
    guard let editor else { return }
    self.editor = nil
    await editor.stop()
  }
}
