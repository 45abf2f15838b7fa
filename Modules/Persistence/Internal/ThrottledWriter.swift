import Dispatch
import Locking

/// Coalesces writes: the first is started at once, then at most one per interval, each writing
/// only the latest pending job. Without a clock, every job is written at once, synchronously.
///
/// Writes run on the writer's own dispatch queue, never on the cooperative pool: a write blocks
/// in `fsync` for as long as the disk takes (seconds under load), and the pool has one thread per
/// core, so two stalled writes would stall every task of the process — its input, its effects,
/// its next write. The first write of a burst is made on the caller's thread, before the caller
/// goes on, as swift-sharing makes it: a change is on disk when `withLock` returns.
final class ThrottledWriter: Sendable {
  typealias Job = @Sendable () throws -> Void

  private struct State {
    var pending: Job?
    /// A change was noted and its job is not scheduled yet.
    var isChangeNoted = false
    var isWriting = false
    var isCooling = false
    var activity = Activity()
    /// A change from outside was set aside while a write of ours was in flight or pending: it
    /// is looked at again when the writer is next idle.
    var isChangeMissed = false
  }

  /// Counts of what the writer did, so a reader can tell whether anything happened meanwhile.
  struct Activity: Equatable {
    /// Writes started or finished.
    var writes = 0
    /// Jobs scheduled.
    var schedules = 0
  }

  private let state = Lock(State())
  private let io = Lock<Void>(())
  /// Looks again for a change from outside that was set aside while the writer was busy.
  ///
  /// NB: In a struct, not as the lock's value itself: a function held as a generic value is
  ///     wrapped in two more reabstraction thunks at each `withLock` that hands it out, so it
  ///     grew by two with every recheck, and each call ran through all of them (a replay of
  ///     10,000 `inc` lines spent a third of its time there).
  private let recheck = Lock<Recheck?>(nil)

  private struct Recheck {
    let run: @Sendable () -> Void
  }
  /// Starts an interval now and returns a function that sleeps until it ends.
  private let startInterval: (@Sendable () -> @Sendable () async -> Void)?
  private let onSchedule: @Sendable (ThrottledWriter) -> Void
  /// Where the writes are made, one at a time, off the cooperative pool.
  private let queue = DispatchQueue(label: "persistence.throttled-writer")

  /// - Parameters:
  ///   - clock: the clock the interval is measured on, or `nil` to write synchronously.
  ///   - onSchedule: called when a job first becomes pending, so a flush can find the writer.
  init<C: Clock<Duration>>(
    clock: C?,
    interval: Duration = .seconds(1),
    onSchedule: @escaping @Sendable (ThrottledWriter) -> Void
  ) {
    self.onSchedule = onSchedule
    if let clock {
      self.startInterval = {
        let deadline = clock.now.advanced(by: interval)
        // NB: an interval already over is not slept: a clock that is advanced by hand might
        //     otherwise wait for the next advance if the sleep begins exactly at its deadline.
        return {
          guard clock.now < deadline else { return }
          try? await clock.sleep(until: deadline, tolerance: nil)
        }
      }
    } else {
      self.startInterval = nil
    }
  }

  /// What the writer has done so far, or `nil` while it is writing or (unless `allowingPending`)
  /// while a job waits to be written.
  func idleActivity(allowingPending: Bool) -> Activity? {
    state.withLock { state in
      guard !state.isWriting else { return nil }
      if allowingPending { return Activity(writes: state.activity.writes) }
      return state.pending == nil && !state.isChangeNoted ? state.activity : nil
    }
  }

  /// What the writer has done so far, as ``idleActivity(allowingPending:)``; when it is busy,
  /// also notes that a change from outside was set aside, so that it is looked at again (see
  /// ``onChangeMissed(_:)``) once the writer is idle.
  func idleActivityOrNoteMissed(allowingPending: Bool) -> Activity? {
    if let activity = idleActivity(allowingPending: allowingPending) { return activity }
    noteMissedChange()
    return nil
  }

  /// Notes that a change from outside was set aside because a write of ours overlapped it. If
  /// the writer is idle again already, looks again at once.
  func noteMissedChange() {
    let isIdle = state.withLock { state in
      state.isChangeMissed = true
      return !state.isWriting && state.pending == nil && !state.isChangeNoted
    }
    if isIdle { recheckIfMissed() }
  }

  /// Whether a write was made less than an interval ago: the writer's loop is (or is about to
  /// be) asleep until the interval ends.
  var isCooling: Bool {
    state.withLock { $0.isCooling }
  }

  /// Sets what looks again for a change from outside set aside while the writer was busy: run
  /// after the write that overlapped it. `nil` stops it.
  func onChangeMissed(_ recheck: (@Sendable () -> Void)?) {
    self.recheck.withLock { $0 = recheck.map(Recheck.init) }
  }

  private func recheckIfMissed() {
    let isMissed = state.withLock { state in
      guard state.isChangeMissed, !state.isWriting, state.pending == nil, !state.isChangeNoted else { return false }
      state.isChangeMissed = false
      return true
    }
    if isMissed, let recheck = recheck.withLock({ $0 }) { recheck.run() }
  }

  /// Notes that a job is about to be scheduled: until it is, the writer is not idle.
  /// Whether a scheduled write waits to run: it will write what is there when it runs, so a
  /// change made now needs no other.
  var hasPendingWrite: Bool {
    state.withLock { $0.pending != nil }
  }

  func noteChange() {
    state.withLock { $0.isChangeNoted = true }
  }

  /// Replaces the pending job with `job`, and writes at once if the last write is at least an
  /// interval old.
  func schedule(_ job: @escaping Job) {
    guard let startInterval else {
      state.withLock {
        $0.pending = job
        $0.isChangeNoted = false
        $0.activity.schedules += 1
      }
      try? flush()
      return
    }
    let start = state.withLock { state in
      state.pending = job
      state.isChangeNoted = false
      state.activity.schedules += 1
      defer { state.isCooling = true }
      return !state.isCooling
    }
    guard start else { return }
    onSchedule(self)
    // NB: after a quiet period the write is made now, here, before the caller goes on, so it
    //     is written once `withLock` returns. The interval starts before it, so its end does not
    //     depend on how long the write took. Writes scheduled during the interval wait for its
    //     end, on the queue.
    let firstSleep = startInterval()
    try? flush()
    Task.detached { [self] in
      var sleep = firstSleep
      while true {
        await sleep()
        let isDone = state.withLock { state in
          if state.pending == nil { state.isCooling = false }
          return !state.isCooling
        }
        if isDone { return }
        sleep = startInterval()
        await flushOffThePool()
      }
    }
  }

  /// Writes the pending job on the writer's queue and resumes once it is written.
  private func flushOffThePool() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { [self] in
        try? flush()
        continuation.resume()
      }
    }
  }

  /// Writes the pending job now, if any; returns once it is written. What the job tells the
  /// user's code or a shared value is told once the writer's lock is released (``OutsideLocks``).
  func flush() throws {
    defer { recheckIfMissed() }
    try OutsideLocks.deferring(writePending)
  }

  private func writePending() throws {
    try io.withLock { _ in
      let job = state.withLock { state in
        let job = state.pending.take()
        if job != nil {
          state.isWriting = true
          state.activity.writes += 1
        }
        return job
      }
      guard let job else { return }
      defer {
        state.withLock {
          $0.isWriting = false
          $0.activity.writes += 1
        }
      }
      try job()
    }
  }
}
