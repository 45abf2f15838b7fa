import Foundation
import Locking
import TerminalRuntime

/// Where a replay is in its recording, and what it is waiting for: the store's actions, the
/// dependencies' calls and the session's output are each checked against the event due, and a
/// dependency's call waits until the replay reaches its recorded answer.
///
/// So the interleavings of the recorded run come back: an effect's answer is given when the
/// recording says it came — after the lines typed meanwhile — however fast the replay runs.
///
/// Called from any thread (effects call dependencies wherever they run); its state is under one
/// lock.
public final class ReplayCursor: TerminalSessionTap, Sendable {
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
      guard state.divergence == nil, state.position < events.count,
        case .action(let expected, let expectedOrigin) = events[state.position].event,
        expected == dump, expectedOrigin == origin
      else { return (false, origin) }
      state.position += 1
      return (true, origin)
    }
  }

  // MARK: - Dependencies

  /// The recorded answer to a call of `dependency` made now, synchronously (a `uuid`); `nil`,
  /// and a divergence, when the event due is not that call's answer.
  public func answerNow(of dependency: String) -> String? {
    let (answer, call) = update { state -> (String?, Int) in
      let number = state.calls[dependency, default: 0] + 1
      state.calls[dependency] = number
      guard state.divergence == nil, state.position < events.count,
        case .answer(dependency, number, let value) = events[state.position].event
      else { return (nil, number) }
      state.position += 1
      return (value, number)
    }
    let isPastTheEnd = isCutShort && position == events.count
    if answer == nil, divergence == nil, !isPastTheEnd { diverge(divergence(.call(dependency: dependency, number: call))) }
    return answer
  }

  /// The recorded answer to a call of `dependency`, given when the replay reaches it: the call
  /// waits, as the recorded run waited for the network or the clock. Throws the recorded
  /// ``SessionFailure``, or `CancellationError` when the calling task is cancelled first.
  public func answer(of dependency: String) async throws -> String {
    let call = update { state -> Call in
      let number = state.calls[dependency, default: 0] + 1
      state.calls[dependency] = number
      return Call(dependency: dependency, number: number)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
        let isCancelled = update { state -> Bool in
          if Task.isCancelled { return true }
          state.pending[call] = continuation
          return false
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = update { $0.pending.removeValue(forKey: call) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Gives the answer the event at `position` records, once the call it answers has been made;
  /// `false` when the call is not made within `timeout`, or before `gaveUp` returns. `true`
  /// without giving it when a call made meanwhile took it (``answerNow(of:)``: an id an effect
  /// made) or the replay diverged.
  func giveAnswer(at position: Int, within timeout: Duration, orAfter gaveUp: (@MainActor @Sendable () async -> Void)? = nil) async -> Bool {
    guard position < events.count else { return true }
    let event = events[position].event
    let call: Call
    let result: Result<String, any Error>
    switch event {
    case .answer(let dependency, let number, let value):
      (call, result) = (Call(dependency: dependency, number: number), .success(value))
    case .failure(let dependency, let number, let message):
      (call, result) = (Call(dependency: dependency, number: number), .failure(SessionFailure(message: message)))
    default:
      return true
    }
    let isDue: @Sendable (State) -> Bool = { $0.position == position && $0.divergence == nil }
    guard await wait(within: timeout, orAfter: gaveUp, until: { $0.pending[call] != nil || !isDue($0) }) else { return false }
    let continuation = update { state -> CheckedContinuation<String, any Error>? in
      guard isDue(state), let continuation = state.pending.removeValue(forKey: call) else { return nil }
      state.position += 1
      return continuation
    }
    continuation?.resume(with: result)
    return true
  }

  /// Ends every call still waiting for its answer with `CancellationError`: the replay is over,
  /// and nothing (an effect, a file's writer) is left waiting for it.
  func cancelPendingCalls() {
    let pending = state.withLock { state in
      defer { state.pending = [:] }
      return Array(state.pending.values)
    }
    for continuation in pending { continuation.resume(throwing: CancellationError()) }
  }

  /// The replay clock's time: advanced to each sleep's deadline as it ends.
  var now: Duration { state.withLock { $0.now } }

  /// Advances the replay clock to `deadline`, unless it is already past it.
  func advanceClock(to deadline: Duration) {
    state.withLock { $0.now = max($0.now, deadline) }
  }

  // MARK: - Waiting

  /// Waits until the event due is past `position`; `false` when it is not within `timeout`, or
  /// before `gaveUp` returns.
  func waitUntilPast(_ position: Int, within timeout: Duration, orAfter gaveUp: (@MainActor @Sendable () async -> Void)? = nil) async -> Bool {
    await wait(within: timeout, orAfter: gaveUp) { $0.position > position || $0.divergence != nil }
  }

  /// Waits until `isDone` holds of the state (checked on every change); `false` once `timeout`
  /// passes or `gaveUp` returns first (e.g. when every effect has finished: nothing more will
  /// come).
  ///
  /// NB: The timeout only turns a replay that would hang into a divergence; it orders nothing.
  func wait(
    within timeout: Duration,
    orAfter gaveUp: (@MainActor @Sendable () async -> Void)? = nil,
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
        await gaveUp()
        self?.timeOut(token)
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
  private func update<R>(_ body: (inout State) -> R) -> R {
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

  // MARK: - TerminalSessionTap

  package func willHandle(_ event: TerminalEvent) {}

  package func willSendFromLine() {
    state.withLock { $0.lineSendPending = true }
  }

  package func wrote(_ text: String, to stream: TerminalOutput.Stream) {
    let stream: SessionEvent.OutputStream = switch stream {
    case .output: .output
    case .error: .error
    case .notice: .notice
    }
    guard stream != .notice, let expected = expectedOutput?[stream] else { return }
    let bytes = Array(text.utf8)
    let mismatch = update { state -> (expected: String, produced: String, at: Int)? in
      guard state.divergence == nil else { return nil }
      let offset = state.written[stream, default: 0]
      state.written[stream] = offset + bytes.count
      // NB: Cut short, the recording lost what was written after its last event.
      if isCutShort, offset >= expected.count { return nil }
      let bytes = isCutShort ? Array(bytes.prefix(expected.count - offset)) : bytes
      let end = min(expected.count, offset + bytes.count)
      if offset + bytes.count <= expected.count, expected[offset..<end].elementsEqual(bytes) {
        state.actionsSinceOutput.removeAll()
        return nil
      }
      let tail = expected[min(offset, expected.count)...]
      let common = zip(bytes, tail).prefix { $0 == $1 }.count
      return (Self.line(in: expected, at: offset + common), Self.line(in: bytes, at: common), offset + common)
    }
    if let mismatch {
      diverge(outputDivergence(stream, expected: mismatch.expected, produced: mismatch.produced, at: mismatch.at))
    }
  }

  /// The divergence of the text written to `stream` from the recorded text at byte `offset` of
  /// the stream: at the event that wrote that text, or at the end of the session when the
  /// recording wrote no more.
  private func outputDivergence(_ stream: SessionEvent.OutputStream, expected: String, produced: String, at offset: Int) -> SessionDivergence {
    let kind = SessionDivergence.Kind.output(stream: stream, expected: expected, produced: produced)
    let ends = outputEnds[stream] ?? []
    guard let index = ends.firstIndex(where: { $0.end > offset }), let bytes = expectedOutput?[stream] else {
      return SessionDivergence(event: nil, expected: nil, kind: kind)
    }
    let start = index == 0 ? 0 : ends[index - 1].end
    let text = String(decoding: bytes[start..<ends[index].end], as: UTF8.self)
    return SessionDivergence(event: ends[index].number, expected: .output(text, stream: stream), kind: kind)
  }

  /// Checks that the replay wrote all the recorded run wrote.
  func checkOutputIsComplete() {
    guard let expectedOutput else { return }
    for stream in [SessionEvent.OutputStream.output, .error] {
      let expected = expectedOutput[stream] ?? []
      let written = state.withLock { $0.written[stream, default: 0] }
      if written < expected.count {
        diverge(outputDivergence(stream, expected: Self.line(in: expected, at: written), produced: "", at: written))
        return
      }
    }
  }

  /// The line of `bytes` that holds `offset`, without its line break.
  private static func line(in bytes: [UInt8], at offset: Int) -> String {
    let offset = min(offset, bytes.count)
    let start = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
