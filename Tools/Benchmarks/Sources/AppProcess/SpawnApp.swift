import BenchmarkSupport
import Foundation
import Glibc

/// Starts `app` with `arguments`, its standard input, output and error on the given descriptors,
/// and the benchmark's environment with `environment` laid over it.
public func spawnApp(
  _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32, environment: [String: String] = [:]
) -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, stdin, 0)
  posix_spawn_file_actions_adddup2(&actions, stdout, 1)
  posix_spawn_file_actions_adddup2(&actions, stderr, 2)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  let argv = ([appPath] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  // NB: The harness preloads its malloc interposer into the benchmarks; the app runs without it.
  let variables = ProcessInfo.processInfo.environment
    .merging(environment) { _, new in new }
    .filter { $0.key != "LD_PRELOAD" }
    .map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { variables.forEach { free($0) } }
  var pid: pid_t = 0
  let status = posix_spawn(&pid, appPath, &actions, &attributes, argv, variables)
  require(status == 0, "cannot start \(appPath): \(String(cString: strerror(status))); run Tools/bench, which builds it")
  return pid
}
