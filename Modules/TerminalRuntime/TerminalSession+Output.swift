import ComposableCore
import Persistence
import TerminalUI

// MARK: - Output: the screen rendered under observation, and what changed on it printed

extension TerminalSession {
  /// Renders the screen, recording what it read: when any of it changes the screen is marked
  /// stale and a redraw is scheduled, so a burst of changes draws once.
  ///
  /// NB: A pending question is the last thing on the screen, so it is printed when it appears.
  func trackedScreen() -> [String] {
    let (lines, reads) = SharedReadRecord.recording { untrackedScreen() }
    // NB: a shared value changed on another thread after this screen read it, before the
    //     tracking was installed, is announced to no one: draw again.
    if reads.hasChanged { redraws.markStale() }
    return lines
  }

  /// ``trackedScreen()`` under observation tracking alone.
  func untrackedScreen() -> [String] {
    withObservationTracking {
      currentScreenLines()
    } onChange: { [redraws] in
      redraws.markStale()
    }
  }

  /// The lines on the screen now: the pushed screen's, or the view's; then the question.
  func currentScreenLines() -> [String] {
    makeFrame().screenLines(style: configuration.style(store.state))
  }

  /// Draws what a send changed: typed, what observation marked stale; piped, the screen made
  /// again from the frames kept, without arming observation.
  func redrawAfterSend() {
    if configuration.isInteractive {
      redraws.flushIfStale()
    } else {
      show(currentScreenLines())
    }
  }

  /// Prints the lines of the new screen that were not on the old one.
  func show(_ newScreen: [String]) {
    let changed = screen.update(to: newScreen)
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
