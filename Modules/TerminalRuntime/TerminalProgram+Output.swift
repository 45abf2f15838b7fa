import ComposableCore
import TerminalUI

// MARK: - Output: the lines drawn, and those that changed printed

extension TerminalProgram {
  /// The lines to show now: the active view's, then the question, if one is asked.
  ///
  /// NB: A pending question is the last thing on the display, so it is printed when it appears.
  func currentLines() -> [String] {
    let (drawn, style) = makeFrame()
    return drawn.frame.displayLines(style: style)
  }

  /// Draws what a send changed, if anything did: the frames something they read changed are
  /// made again, the others kept. A frame of state that is not observable is made again after
  /// every send.
  func redrawAfterSend() {
    frames.markUntrackedFramesStale()
    redraws.flush()
  }

  /// Prints the lines that were not on the terminal already.
  func show(_ newLines: [String]) {
    let changed = shown.update(to: newLines)
    guard !changed.isEmpty else { return }
    if configuration.isInteractive && !isHandlingCommand && !source.drawsPrompt {
      output.write("\n")
      output.print(changed)
      output.write(configuration.prompt)
    } else {
      output.print(changed)
    }
  }
}
