import ComposableCore
import Persistence
import TerminalUI

// MARK: - Output: the lines drawn, under observation when typed, and those that changed printed

extension TerminalSession {
  /// Makes the lines, recording what they read: when any of it changes they are marked
  /// stale and a redraw is scheduled, so a burst of changes draws once.
  ///
  /// NB: A pending question is the last thing on the screen, so it is printed when it appears.
  func trackedLines() -> [String] {
    let (lines, reads) = SharedReadRecord.recording { observedLines() }
    // NB: a shared value changed on another thread after these lines read it, before the
    //     tracking was installed, is announced to no one: draw again.
    if reads.hasChanged { redraws.markStale() }
    return lines
  }

  /// ``trackedLines()`` under observation tracking alone.
  func observedLines() -> [String] {
    withObservationTracking {
      currentLines()
    } onChange: { [redraws] in
      redraws.markStale()
    }
  }

  /// The lines to show now: the pushed screen's, or the view's; then the question.
  func currentLines() -> [String] {
    let (frame, style) = makeFrame()
    return frame.screenLines(style: style)
  }

  /// Draws what a send changed, from the frames kept: only the features whose state changed
  /// are made again. Typed, the lines are made under observation again, so that a change made
  /// outside a send (a shared value another process changed) is drawn at the idle prompt;
  /// piped, no observation is armed.
  func redrawAfterSend() {
    if configuration.isInteractive {
      redraws.clearStale()
      show(trackedLines())
    } else {
      show(currentLines())
    }
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
