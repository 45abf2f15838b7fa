import Dispatch
import Locking

/// How far the reader of standard input may run ahead of the session: at most `capacity` lines
/// read and not yet handed to the session. A script piped in is read as the session handles
/// it, so a million lines cost the memory of a few hundred, whatever the input's length.
///
/// Interrupts are not paced: SIGINT is delivered at once, however many lines wait.
final class InputPacing: Sendable {
  private struct State {
    var outstanding = 0
    var isCancelled = false
    var isReaderWaiting = false
  }

  /// The most lines read ahead of the session.
  let capacity: Int
  private let state = Lock(State())
  // NB: One permit per line that may be read ahead; the session gives one back per line it
  //     takes.
  private let room: DispatchSemaphore

  /// Called on the reading thread when it finds no room and is about to wait (for tests).
  private let onWait: (@Sendable () -> Void)?

  /// Pacing that lets `capacity` lines be read ahead.
  init(capacity: Int = 256, onWait: (@Sendable () -> Void)? = nil) {
    self.capacity = max(1, capacity)
    self.room = DispatchSemaphore(value: self.capacity)
    self.onWait = onWait
  }

  /// Blocks the reading thread until a line may be handed over; `false` once cancelled.
  func waitForRoom() -> Bool {
    if room.wait(timeout: .now()) == .timedOut {
      state.withLock { $0.isReaderWaiting = true }
      onWait?()
      room.wait()
    }
    return state.withLock { state in
      state.isReaderWaiting = false
      guard !state.isCancelled else { return false }
      state.outstanding += 1
      return true
    }
  }

  /// The session took a line: the reader may read one more.
  func didConsume() {
    state.withLock { $0.outstanding -= 1 }
    room.signal()
  }

  /// Stops pacing: a waiting reader wakes, and stops reading.
  func cancel() {
    state.withLock { $0.isCancelled = true }
    room.signal()
  }

  /// Lines handed over and not yet taken by the session, and whether the reader is waiting
  /// for room (for tests).
  var snapshot: (outstanding: Int, isReaderWaiting: Bool) {
    state.withLock { ($0.outstanding, $0.isReaderWaiting) }
  }
}
