import Foundation
import Locking
import TerminalRuntime

/// Where a replay is in its recording, and what it is waiting for: the store's actions, the
/// dependencies' calls and the program's output are each checked against the event due, and a
/// dependency's call waits until the replay reaches its recorded answer.
///
/// So the interleavings of the recorded run come back: an effect's answer is given when the
/// recording says it came — after the lines typed meanwhile — however fast the replay runs.
///
/// Called from any thread (effects call dependencies wherever they run); its state is under one
/// lock.
public final class ReplayCursor: Sendable {
  struct Call: Hashable {
    var dependency: String
    var number: Int
  }

  struct Waiter: Sendable {
    var token: Int
    var isDone: @Sendable (State) -> Bool
    var continuation: CheckedContinuation<Bool, Never>
  }

  struct State: Sendable {
    var position = 0
    var divergence: SessionDivergence?
    var calls: [String: Int] = [:]
    var pending: [Call: CheckedContinuation<String, any Error>] = [:]
    /// Answers of a file writer's sleeps the replay went past before they were asked for (see
    /// ``ReplayCursor/skipWriteDelays(until:in:)``): given as soon as they are.
    var deferred: [Call: Result<String, SessionFailure>] = [:]
    var waiter: Waiter?
    /// The last wait that timed out or gave up, perhaps before its waiter was in place.
    var expiredToken: Int?
    var nextToken = 0
    var lineSendPending = false
    var lines = 0
    var lastLine: (number: Int, text: String)?
    /// The actions processed since the output last matched: the ones whose state it shows.
    var actionsSinceOutput: [(dump: String, origin: SessionEvent.ActionOrigin)] = []
    var actions = 0
    var written: [SessionEvent.OutputStream: Int] = [:]
    var now: Duration = .zero
  }

  /// The events a replay acts on or checks, with their numbers in the file: all but the files
  /// (read before it starts) and the output (compared as a stream).
  let events: [(number: Int, event: SessionEvent)]
  /// All that was written to each stream, when output is compared.
  let expectedOutput: [SessionEvent.OutputStream: [UInt8]]?
  /// Where each recorded piece of a stream's output ends in it, and the number of the event that
  /// wrote it: which event a replay's other text differs from.
  let outputEnds: [SessionEvent.OutputStream: [(end: Int, number: Int)]]
  /// Whether the recording stops before its run did: what the replay does past its last event
  /// (an action, an id, text) was lost with the rest of the run, and is no divergence.
  let isCutShort: Bool
  let state = Lock(State())

  /// A cursor at the start of `session`.
  public init(_ session: SessionFile) {
    var events: [(Int, SessionEvent)] = []
    var output: [SessionEvent.OutputStream: [UInt8]] = [.output: [], .error: []]
    var ends: [SessionEvent.OutputStream: [(end: Int, number: Int)]] = [:]
    for (offset, event) in session.events.enumerated() {
      switch event {
      case .file: continue
      case .output(let text, let stream):
        guard stream != .notice else { continue }
        output[stream, default: []].append(contentsOf: text.utf8)
        ends[stream, default: []].append((output[stream, default: []].count, offset + 1))
      default:
        events.append((offset + 1, event))
      }
    }
    self.events = events
    self.expectedOutput = session.header.isInteractive ? nil : output
    self.outputEnds = ends
    self.isCutShort = session.isCutShort
  }

  // MARK: - The replay's progress

  /// The first divergence, once there is one.
  public var divergence: SessionDivergence? { state.withLock { $0.divergence } }
  /// The lines fed so far.
  public var lines: Int { state.withLock { $0.lines } }
  /// The actions processed so far.
  public var actions: Int { state.withLock { $0.actions } }

  /// The event due, if any.
  var current: (number: Int, event: SessionEvent)? {
    state.withLock { $0.position < events.count ? events[$0.position] : nil }
  }

  var position: Int { state.withLock { $0.position } }

  /// The event due, with its position among the events the cursor steps through, if any.
  var due: (position: Int, number: Int, event: SessionEvent)? {
    state.withLock { state in
      state.position < events.count ? (state.position, events[state.position].number, events[state.position].event) : nil
    }
  }

  /// Moves past the event due (one the replay acts on itself: a line, a change).
  func advance(feeding line: String? = nil) {
    update { state in
      if let line {
        state.lines += 1
        state.lastLine = (state.lines, line)
      }
      state.position += 1
    }
  }

  /// Records `divergence`, unless one is already recorded.
  func diverge(_ divergence: SessionDivergence) {
    update { state in
      guard state.divergence == nil else { return }
      var divergence = divergence
      divergence.afterLine = state.lastLine
      if case .output = divergence.kind { divergence.afterActions = state.actionsSinceOutput }
      state.divergence = divergence
    }
  }

  /// The divergence of `kind` at the event due.
  func divergence(_ kind: SessionDivergence.Kind, stateDiff: String? = nil) -> SessionDivergence {
    let current = self.current
    return SessionDivergence(event: current?.number, expected: current?.event, kind: kind, stateDiff: stateDiff)
  }

  // MARK: - Actions

  /// Checks an action the store is about to process against the event due; `true` when it is
  /// the recorded one, from the same origin (and moves past it).
  func take(action dump: String) -> (matches: Bool, origin: SessionEvent.ActionOrigin) {
    update { state in
      let origin: SessionEvent.ActionOrigin = state.lineSendPending ? .line : .effect
      state.lineSendPending = false
      state.actions += 1
      // NB: Kept only while output is compared: it is cleared each time output matches.
      if expectedOutput != nil { state.actionsSinceOutput.append((dump, origin)) }
      if isCutShort, state.divergence == nil, state.position == events.count { return (true, origin) }
      skipWriteDelays(until: { event in
        guard case .action(let expected, let expectedOrigin) = event else { return false }
        return expected == dump && expectedOrigin == origin
      }, in: &state)
      guard state.divergence == nil, state.position < events.count,
        case .action(let expected, let expectedOrigin) = events[state.position].event,
        expected == dump, expectedOrigin == origin
      else { return (false, origin) }
      state.position += 1
      return (true, origin)
    }
  }


  /// Moves past the answers of a file writer's sleeps (`write-delay`), when the first event
  /// after them is one `isDue` expects now: a sleep already asked for is ended with its answer
  /// at once; one not asked for yet keeps its answer to be given when asked.
  ///
  /// NB: A file's writer sleeps on a timer of its own, on a task of its own. When that timer
  ///     and an effect's end at almost the same moment (a write interval and the sort a second
  ///     after `done`), the recording may have either first, and the replay the other — the
  ///     other event may even come while the walk has yet to give a sleep the writer asked for.
  ///     The writer's sleep decides only when the file is written, never what the app does, so
  ///     its answer may be given after the event that followed it.
  func skipWriteDelays(until isDue: (SessionEvent) -> Bool, in state: inout State) {
    guard state.divergence == nil else { return }
    var index = state.position
    var skipped: [(Call, Result<String, SessionFailure>)] = []
    while index < events.count {
      switch events[index].event {
      case .answer(SessionRecorder.writeDelay, let number, let value):
        skipped.append((Call(dependency: SessionRecorder.writeDelay, number: number), .success(value)))
      case .failure(SessionRecorder.writeDelay, let number, let message):
        skipped.append((Call(dependency: SessionRecorder.writeDelay, number: number), .failure(SessionFailure(message: message))))
      default:
        guard !skipped.isEmpty, isDue(events[index].event) else { return }
        for (call, answer) in skipped {
          // NB: a resumed continuation runs its task later, not under this lock.
          if let continuation = state.pending.removeValue(forKey: call) {
            continuation.resume(with: answer.mapError { $0 })
          } else {
            state.deferred[call] = answer
          }
        }
        state.position = index
        return
      }
      index += 1
    }
  }

  // MARK: - Waiting

  /// Waits until the event due is past `position`; `false` when it is not within `timeout`, or
  /// before `gaveUp` returns.
  func waitUntilPast(_ position: Int, within timeout: Duration, orAfter gaveUp: (@MainActor @Sendable () async -> Bool)? = nil) async -> Bool {
    await wait(within: timeout, orAfter: gaveUp) { $0.position > position || $0.divergence != nil }
  }

  /// Waits until `isDone` holds of the state (checked on every change); `false` once `timeout`
  /// passes, or once `gaveUp` returns `true` first (e.g. when every effect has finished: nothing
  /// more will come); when it returns `false`, only `timeout` ends the wait.
  ///
  /// NB: The timeout only turns a replay that would hang into a divergence; it orders nothing.
  func wait(
    within timeout: Duration,
    orAfter gaveUp: (@MainActor @Sendable () async -> Bool)? = nil,
    until isDone: @escaping @Sendable (State) -> Bool
  ) async -> Bool {
    let token = state.withLock { state -> Int? in
      if isDone(state) { return nil }
      state.nextToken += 1
      return state.nextToken
    }
    guard let token else { return true }
    let timer = Task { [weak self] in
      try? await Task.sleep(for: timeout)
      self?.timeOut(token)
    }
    let giver = gaveUp.map { gaveUp in
      Task { @MainActor [weak self] in
        if await gaveUp() { self?.timeOut(token) }
      }
    }
    defer {
      timer.cancel()
      giver?.cancel()
    }
    return await withCheckedContinuation { continuation in
      let outcome = state.withLock { state -> Bool? in
        if isDone(state) { return true }
        // NB: The timer or `gaveUp` may have ended the wait before this waiter was in place.
        if state.expiredToken == token { return false }
        state.waiter = Waiter(token: token, isDone: isDone, continuation: continuation)
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }

  private func timeOut(_ token: Int) {
    let waiter = state.withLock { state -> Waiter? in
      guard state.waiter?.token == token else {
        state.expiredToken = token
        return nil
      }
      return state.waiter.take()
    }
    waiter?.continuation.resume(returning: false)
  }

  /// Changes the state, then wakes the waiter if what it waits for now holds.
  func update<R>(_ body: (inout State) -> R) -> R {
    let (result, waiter) = state.withLock { state -> (R, Waiter?) in
      let result = body(&state)
      if let waiter = state.waiter, waiter.isDone(state) {
        state.waiter = nil
        return (result, waiter)
      }
      return (result, nil)
    }
    waiter?.continuation.resume(returning: true)
    return result
  }
}
