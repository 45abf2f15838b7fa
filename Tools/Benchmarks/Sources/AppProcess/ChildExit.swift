import BenchmarkSupport
import Glibc

/// How a child process ended: its exit status, the most memory it held and the CPU time it used.
public struct ChildExit: Sendable {
  /// The exit status (0 to 255), or 128 plus the signal that killed it.
  public let status: Int32
  /// The child's peak resident set size in bytes (`ru_maxrss` of `wait4`).
  public let peakResidentBytes: Int
  /// The CPU time the child used, every thread's, in user and system mode (`ru_utime` plus
  /// `ru_stime`).
  public let cpuTime: Duration
}

/// Waits for `pid` to exit and returns its status, peak memory and CPU time: for an app spawned
/// `measuredAlone`, the app's own, as its launcher reported them.
///
/// NB: Otherwise the peak is at least the benchmark's own at the spawn (see ``Launcher``).
public func waitForChild(_ pid: pid_t) -> ChildExit {
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  if let report = Launcher.reports.withLock({ $0.removeValue(forKey: pid) }) {
    let exit = Launcher.exit(reportedOn: report)
    require(exit != nil, "bench-launch reported nothing for the app (its wait status \(status))")
    return exit!
  }
  let signal = status & 0x7f
  // NB: Linux reports ru_maxrss in kilobytes.
  return ChildExit(
    status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
    peakResidentBytes: usage.ru_maxrss * 1024,
    cpuTime: duration(usage.ru_utime) + duration(usage.ru_stime)
  )
}

/// `time` as a duration.
private func duration(_ time: timeval) -> Duration {
  .seconds(time.tv_sec) + .microseconds(time.tv_usec)
}

/// Waits for `pid` to exit and returns its exit status.
public func waitForExit(_ pid: pid_t) -> Int32 {
  waitForChild(pid).status
}
