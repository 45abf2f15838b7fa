import Locking

/// The events a program is still to handle: what whoever drives it pushes in — the reader of
/// standard input, the line editor — and the program takes in turn
/// (``TerminalProgramInput/queue(_:)``); or what a source hands it each time the program asks
/// for the next (``init(pulling:)``), as a replay walks its recording up to the next line.
///
/// Unlike an `AsyncStream`, whose every `next()` runs on the global executor and so hops off the
/// program's actor and back, the program takes an event already queued at once, on its own
/// actor: a script's lines, read ahead, are handled without a thread wake-up each. It suspends
/// only when the queue is empty.
public final class TerminalInput: Sendable {
  private struct State: ~Copyable {
    var events: [TerminalEvent] = []
    /// The index of the next event to hand out; the events before it are spent.
    var head = 0
    var isFinished = false
    var waiter: CheckedContinuation<TerminalEvent?, Never>?
  }

  private let state = Lock(State())
  /// Told of every line handed to the program, when the lines' reader is paced.
  private let pacing: InputPacing?
  /// Asked for the next event, on the program's actor, when none is queued.
  private let pull: (@MainActor () async -> TerminalEvent?)?

  /// An empty input.
  public convenience init() {
    self.init(pacing: nil)
  }

  /// An input that asks `next` for each event when none is queued, on the program's actor and
  /// once the program has handled the event before: `nil` ends it. A source that must see each
  /// event handled before it decides the next (a replay) walks in `next`, with no hop between it
  /// and the program.
  public init(pulling next: @escaping @MainActor () async -> TerminalEvent?) {
    self.pacing = nil
    self.pull = next
  }

  /// An empty queue; `pacing`, if any, is told of every line and unreadable line handed out.
  init(pacing: InputPacing?) {
    self.pacing = pacing
    self.pull = nil
  }

  /// Queues `event`, or hands it to the program if it is waiting. An interrupt pushed here is
  /// handled in its turn (``TerminalProgramInput/events(_:)`` and ``TerminalProgramInput/lines(of:)`` act on one at once).
  public func push(_ event: TerminalEvent) {
    let waiter = state.withLock { state -> CheckedContinuation<TerminalEvent?, Never>? in
      guard !state.isFinished else { return nil }
      if let waiter = state.waiter.take() { return waiter }
      state.events.append(event)
      return nil
    }
    waiter?.resume(returning: event)
  }

  /// Ends the input: once the queued events are handled, the program ends as at the end of
  /// input.
  public func finish() {
    let waiter = state.withLock { state -> CheckedContinuation<TerminalEvent?, Never>? in
      state.isFinished = true
      return state.waiter.take()
    }
    waiter?.resume(returning: nil)
  }

  /// Whether an event is waiting to be taken: ``next(isolation:)`` then returns without
  /// waiting.
  var hasQueuedEvent: Bool {
    state.withLock { $0.head < $0.events.count }
  }

  /// The next event, waiting for one if none is queued; `nil` once the queue is finished and
  /// empty, or when the waiting task is cancelled.
  func next(isolation: isolated (any Actor)? = #isolation) async -> TerminalEvent? {
    if let pull {
      if case .some(let queued) = state.withLock({ Self.take(from: &$0) }) { return queued }
      return await pull()
    }
    let event = await nextQueued()
    switch event {
    case .line, .unreadable: pacing?.didConsume()
    case .end, .interrupt, .interruptedLine, .resized, nil: break
    }
    return event
  }

  private func nextQueued(isolation: isolated (any Actor)? = #isolation) async -> TerminalEvent? {
    if case .some(let queued) = state.withLock({ Self.take(from: &$0) }) {
      return queued
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<TerminalEvent?, Never>) in
        let ready = state.withLock { state -> TerminalEvent?? in
          if case .some(let queued) = Self.take(from: &state) { return .some(queued) }
          if Task.isCancelled { return .some(nil) }
          state.waiter = continuation
          return .none
        }
        if case .some(let event) = ready { continuation.resume(returning: event) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiter.take() }
      waiter?.resume(returning: nil)
    }
  }

  /// The next queued event: `.some(event)`, `.some(nil)` when the queue is finished and empty,
  /// or `nil` when the caller must wait.
  private static func take(from state: inout State) -> TerminalEvent?? {
    if state.head < state.events.count {
      let event = state.events[state.head]
      state.head += 1
      // NB: The spent events are dropped once they are the bulk of the buffer, so memory does
      //     not grow with the length of a script.
      if state.head >= 1024, state.head * 2 >= state.events.count {
        state.events.removeFirst(state.head)
        state.head = 0
      }
      return .some(event)
    }
    return state.isFinished ? .some(nil) : nil
  }
}
