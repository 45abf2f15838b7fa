import ComposableCore
import TerminalUI

// MARK: - Input: the one queue every kind of input becomes

extension TerminalProgram {
  /// The queue the program takes `input`'s events from, and what stops reading it once the
  /// program is done. The line editor becomes the program's output and draws its prompt.
  func open(_ input: TerminalProgramInput) -> (events: TerminalInput, stop: @Sendable () -> Void) {
    switch input.source {
    case .editor(let editor):
      output = editor.output
      editor.complete { [weak self] typed in
        self?.completion(of: typed) ?? CommandCompletion(typed: typed, commands: [])
      }
      source = LineSource(editor: editor)
      return forward(editor.events)
    case .lines(let descriptor):
      let pacing = InputPacing()
      let events = TerminalInput(pacing: pacing)
      let interrupt = interruptAtOnce()
      let stop = StandardInput.read(descriptor, into: events, pacing: pacing) {
        Task {
          await interrupt()
          events.push(.interrupt)
        }
      }
      return (events, stop)
    case .events(let stream):
      return forward(stream)
    case .queue(let events):
      return (events, {})
    }
  }

  /// Forwards `stream` into a queue the program reads on its own actor, acting on an interrupt
  /// at once even while a command waits for effects; the forwarding runs until the stream ends
  /// or the program stops it.
  private func forward(_ stream: AsyncStream<TerminalEvent>) -> (events: TerminalInput, stop: @Sendable () -> Void) {
    let events = TerminalInput()
    let interrupt = interruptAtOnce()
    // NB: Detached: an `AsyncStream`'s `next()` runs on the global executor, so a forwarder on
    //     the main actor would hop off it and back for every line of a script.
    let forwarding = Task.detached {
      for await event in stream {
        if event == .interrupt {
          await interrupt()
        }
        events.push(event)
      }
      events.finish()
    }
    return (events, { forwarding.cancel() })
  }

  /// What an interrupt does at once, before it takes its turn in the queue: the tap hears of
  /// it, and running effects are cancelled.
  private func interruptAtOnce() -> @MainActor @Sendable () -> Void {
    { [weak self] in
      self?.tap?.willHandle(.interrupt)
      self?.interrupt()
    }
  }
}
