import ComposableCore
import TerminalUI

// MARK: - The line editor: prompting, completion, Ctrl-C at the prompt

extension TerminalProgram {
  /// What Tab completes in `typed`: the commands understood now and the built-in ones, and the
  /// arguments the view (or the pushed screen) offers for its state; nothing while a question
  /// waits for its answer.
  func completion(of typed: String) -> CommandCompletion {
    let drawn = currentFrame()
    let active = drawn.active
    let commands = drawn.frame.currentQuestion == nil ? active.commands + BuiltInCommand.all : []
    return CommandCompletion(typed: typed, commands: commands) { invocation in
      active.completions(for: invocation, state: store.state)
    }
  }

  /// Shows the prompt for the next line: the editor's, or the configured text.
  func askForLine() {
    source.askForLine(prompt: configuration.prompt, output: output)
  }

  /// Ctrl-C at the editor's prompt: the typed line is already cleared; running effects are
  /// cancelled. At an empty, idle prompt it says how to leave, and a second one in a row leaves
  /// (`false`).
  func interruptAtPrompt(typed: String, isSecond: Bool) -> Bool {
    let wereRunning = effects.cancelAll()
    guard typed.isEmpty, !wereRunning else { return true }
    if isSecond { return false }
    output.print(["(To leave, press Ctrl-C again or type quit.)"])
    isAwaitingSecondInterrupt = true
    return true
  }
}
