import Dispatch

/// When an ``ExternalCommitWatcher`` reads the data version again after a burst of file events,
/// with one timer at most however many bursts come.
///
/// A burst replaces the follow-ups of the one before: the next read is due the first delay after
/// it, and each later read the next delay after the one before. A timer already set is kept, and
/// waits again when it fires before the read it was set for is due. The reads stop at the end of
/// the delays, or when the caller no longer wants them (a read found a change, the watch
/// stopped).
///
/// NB: a process's own commits make bursts every millisecond. A timer for each follow-up of each
///     would wake the process tens of times a commit, to do nothing.
struct FollowUpSchedule {
  /// The spacing of the reads after a burst, in milliseconds.
  let delays: [Int]
  /// The next read: its place in ``delays`` and when it is due.
  private var next: (index: Int, deadline: DispatchTime)?
  /// Whether a timer is set for ``next``.
  private(set) var isTimerSet = false

  /// What to do when the timer fires.
  enum Due: Equatable {
    /// Nothing: the reads are over, and no timer is set.
    case stop
    /// Set the timer again, for a read a later burst moved.
    case wait(until: DispatchTime)
    /// Read the version, then call ``read(isWanted:)``.
    case read
  }

  /// A schedule of reads spaced by `delays`, none due yet.
  init(delays: [Int]) {
    precondition(!delays.isEmpty, "a schedule with no reads")
    self.delays = delays
  }

  /// A burst of events at `now`; returns when to set the timer, or `nil` when one is set.
  mutating func burst(at now: DispatchTime) -> DispatchTime? {
    let deadline = now + .milliseconds(delays[0])
    next = (0, deadline)
    guard !isTimerSet else { return nil }
    isTimerSet = true
    return deadline
  }

  /// The timer fired at `now`; `isWanted` is false once the reads are no longer wanted.
  mutating func timerFired(at now: DispatchTime, isWanted: Bool) -> Due {
    guard let next, isWanted else { return stop() }
    return next.deadline > now ? .wait(until: next.deadline) : .read
  }

  /// The due read was made; returns when to set the timer for the one after, or `nil` when the
  /// reads are over or no longer wanted.
  mutating func read(isWanted: Bool) -> DispatchTime? {
    guard let current = next, isWanted, current.index + 1 < delays.count else {
      _ = stop()
      return nil
    }
    let index = current.index + 1
    let deadline = current.deadline + .milliseconds(delays[index])
    next = (index, deadline)
    return deadline
  }

  /// Ends the reads; no timer is set.
  private mutating func stop() -> Due {
    next = nil
    isTimerSet = false
    return .stop
  }
}
