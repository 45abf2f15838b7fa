import Dispatch
import Locking

/// How far the reader of standard input may run ahead of the program: at most `capacity` lines
/// read and not yet handed to the program. A script piped in is read as the program handles
/// it, so a million lines cost the memory of a few hundred, whatever the input's length.
///
/// Interrupts are not paced: SIGINT is delivered at once, however many lines wait.
final class InputPacing: Sendable {
  private struct State {
    var outstanding = 0
    var isCancelled = false
    var isReaderWaiting = false
  }

  /// The most lines read ahead of the program.
  let capacity: Int
  private let state = Lock(State())
  /// Wakes the waiting reader.
  private let wake = DispatchSemaphore(value: 0)
  /// Called on the reading thread when it finds no room and is about to wait (for tests).
  private let onWait: (@Sendable () -> Void)?

  /// Pacing that lets `capacity` lines be read ahead.
  init(capacity: Int = 256, onWait: (@Sendable () -> Void)? = nil) {
    self.capacity = max(1, capacity)
    self.onWait = onWait
  }

  /// Blocks the reading thread until a line may be handed over; `false` once cancelled.
  func waitForRoom() -> Bool {
    while true {
      let mayGo = state.withLock { state -> Bool? in
        if state.isCancelled { return false }
        if state.outstanding < capacity {
          state.outstanding += 1
          return true
        }
        state.isReaderWaiting = true
        return nil
      }
      if let mayGo { return mayGo }
      onWait?()
      wake.wait()
    }
  }

  /// The program took a line. A waiting reader is woken once half the lines are taken, not at
  /// every line: a thread wake-up per line would cost more than the line.
  func didConsume() {
    let wakes = state.withLock { state in
      state.outstanding -= 1
      guard state.isReaderWaiting, state.outstanding <= capacity / 2 else { return false }
      state.isReaderWaiting = false
      return true
    }
    if wakes { wake.signal() }
  }

  /// Stops pacing: a waiting reader wakes, and stops reading.
  func cancel() {
    let wakes = state.withLock { state in
      state.isCancelled = true
      defer { state.isReaderWaiting = false }
      return state.isReaderWaiting
    }
    if wakes { wake.signal() }
  }

  /// Lines handed over and not yet taken by the program, and whether the reader is waiting
  /// for room (for tests).
  var snapshot: (outstanding: Int, isReaderWaiting: Bool) {
    state.withLock { ($0.outstanding, $0.isReaderWaiting) }
  }
}
