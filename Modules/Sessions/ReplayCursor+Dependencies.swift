import Foundation

// MARK: - The dependencies' calls: answered now, or when the replay reaches their answer

extension ReplayCursor {
  /// The recorded answer to a call of `dependency` made now, synchronously (a `uuid`, a `date`);
  /// `nil`, and a divergence, when the event due is not that call's answer.
  public func answerNow(of dependency: String) -> String? {
    let (answer, call) = update { state -> (String?, Int) in
      let number = state.calls[dependency, default: 0] + 1
      state.calls[dependency] = number
      skipWriteDelays(until: { event in
        guard case .answer(dependency, number, _) = event else { return false }
        return true
      }, in: &state)
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
        let answer = update { state -> Result<String, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if let deferred = state.deferred.removeValue(forKey: call) { return deferred.mapError { $0 } }
          state.pending[call] = continuation
          return nil
        }
        if let answer { continuation.resume(with: answer) }
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
  ///
  /// When `timeout` passes and `isCertainToCome` says the call will still be made (a file's
  /// writer that still writes in intervals asks for its next sleep), the wait starts again: the
  /// timeout guards against a call that never comes, not against one a busy process delays.
  func giveAnswer(
    at position: Int,
    within timeout: Duration,
    orAfter gaveUp: (@MainActor @Sendable () async -> Bool)? = nil,
    whileCertainToCome isCertainToCome: (@MainActor @Sendable () -> Bool)? = nil
  ) async -> Bool {
    while true {
      if await giveAnswerOnce(at: position, within: timeout, orAfter: gaveUp) { return true }
      // NB: the call may have been made between the wait's end and now: it is given at once.
      if isAsked(at: position) { continue }
      guard divergence == nil, let isCertainToCome else { return false }
      if await isCertainToCome() { continue }
      // NB: Asked again after the question: it is asked on the main actor, and a task that
      //     made the call while this one went there no longer counts as one that may still
      //     call (it waits for its answer), so the question says nothing more will come.
      if isAsked(at: position) { continue }
      return false
    }
  }

  /// Whether the call the event at `position` answers waits for its answer, that event due.
  private func isAsked(at position: Int) -> Bool {
    guard position < events.count else { return false }
    let call: Call
    switch events[position].event {
    case .answer(let dependency, let number, _), .failure(let dependency, let number, _):
      call = Call(dependency: dependency, number: number)
    default:
      return false
    }
    return state.withLock { $0.position == position && $0.divergence == nil && $0.pending[call] != nil }
  }

  private func giveAnswerOnce(at position: Int, within timeout: Duration, orAfter gaveUp: (@MainActor @Sendable () async -> Bool)?) async -> Bool {
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

  /// How many calls wait for their answers, other than those of `dependency`.
  func pendingCallCount(excluding dependency: String) -> Int {
    state.withLock { $0.pending.keys.count { $0.dependency != dependency } }
  }

  /// Ends every call still waiting for its answer with `CancellationError`: the replay is over,
  /// and nothing (an effect, a file's writer) is left waiting for it.
  func cancelPendingCalls() {
    let pending = state.withLock { state in
      defer {
        state.pending = [:]
        state.deferred = [:]
      }
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
}
