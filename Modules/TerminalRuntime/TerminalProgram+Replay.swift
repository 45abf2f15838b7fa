import ComposableCore
import TerminalUI

// MARK: - Replay: a program driven event by event from a recording rather than from its input

extension TerminalProgram {
  /// Runs `body`, which feeds events to ``process(_:)``, with the program set up as ``run(events:)``
  /// sets it up (its first frame made, redrawn after every send, its output tapped); then
  /// cancels the effects still running.
  package func replay(_ body: () async -> Void) async {
    if let tap { output = output.tapped(by: tap) }
    _ = shown.update(to: currentLines())
    let token = store.addSendObserver { [weak self] in self?.redrawAfterSend() }
    defer { store.removeSendObserver(token) }
    await body()
    effects.cancelAll()
  }

  /// Waits until every effect the program's sends started has finished.
  package func effectsFinished() async {
    await effects.finishAllWithoutCancelling()
  }
}
