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
      let style = configuration.style(store.state)
      let lines: [String]
      let screen: TerminalScreen<View.Action>?
      let viewPrompt: TerminalPrompt<View.Action>?
      if let storeView {
        // NB: One frame: each feature's state is read once for its lines, screen and question.
        let frame = storeView.frame(for: store, style: style)
        (screen, viewPrompt) = (frame.screen, frame.prompt)
        lines = screen?.render(style: style) ?? frame.lines
      } else {
        let state = store.state
        screen = view.screen(for: state)
        viewPrompt = view.prompt(for: state)
        lines = screen?.render(style: style) ?? view.render(state, style: style)
      }
      let prompt = screen?.prompt ?? viewPrompt
      drawn = (screen, prompt)
      return lines + (prompt?.lines(style: style) ?? [])
    } onChange: { [redraws] in
      redraws.markStale()
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
