import BenchmarkSupport
import CBenchSystem
import Foundation
import Glibc

/// Starts `app` (or `program`) with `arguments`, its standard input, output and error on the given
/// descriptors, and the benchmark's environment with `environment` laid over it.
///
/// With `measuredAlone`, the app is started by `bench-launch` (``Launcher``), so that
/// ``waitForChild(_:)`` reports the app's own peak memory, never the benchmark's; it costs the
/// start a fork and an exec of a small program more.
public func spawnApp(
  _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32, environment: [String: String] = [:],
  measuredAlone: Bool = false, program: String = appPath
) -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, stdin, 0)
  posix_spawn_file_actions_adddup2(&actions, stdout, 1)
  posix_spawn_file_actions_adddup2(&actions, stderr, 2)
  var report: [Int32] = [-1, -1]
  if measuredAlone {
    require(
      FileManager.default.isExecutableFile(atPath: Launcher.path),
      "no \(Launcher.path); run Tools/bench, which builds it"
    )
    require(bench_pipe(&report) == 0, "cannot make a pipe")
    // NB: dup2 clears close-on-exec: the launcher alone gets the pipe's write end, as 3.
    posix_spawn_file_actions_adddup2(&actions, report[1], 3)
  }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  let argv = ((measuredAlone ? [Launcher.path, program] : [program]) + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  // NB: The harness preloads its malloc interposer into the benchmarks; the app runs without it.
  let variables = ProcessInfo.processInfo.environment
    .merging(environment) { _, new in new }
    .filter { $0.key != "LD_PRELOAD" }
    .map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { variables.forEach { free($0) } }
  var pid: pid_t = 0
  let status = posix_spawn(&pid, measuredAlone ? Launcher.path : program, &actions, &attributes, argv, variables)
  require(status == 0, "cannot start \(measuredAlone ? Launcher.path : program): \(String(cString: strerror(status))); run Tools/bench, which builds it")
  if measuredAlone {
    Glibc.close(report[1])
    Launcher.reports.withLock { $0[pid] = report[0] }
  }
  return pid
}
