import CBenchSystem
import Foundation
import Glibc

/// The release `app` binary: `$BENCH_APP`, else `.build/release/app` of the repository
/// these benchmarks live in (`Tools/bench` builds it).
let appPath: String = {
  if let path = ProcessInfo.processInfo.environment["BENCH_APP"], !path.isEmpty { return path }
  return URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/release/app").path
}()

/// Starts `app` with `arguments`, its standard input, output and error on the given descriptors.
func spawnApp(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) -> pid_t {
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
  let environment = ProcessInfo.processInfo.environment
    .filter { $0.key != "LD_PRELOAD" }
    .map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { environment.forEach { free($0) } }
  var pid: pid_t = 0
  let status = posix_spawn(&pid, appPath, &actions, &attributes, argv, environment)
  precondition(status == 0, "cannot start \(appPath): \(String(cString: strerror(status))); run Tools/bench, which builds it")
  return pid
}

/// Waits for `pid` to exit and returns its exit status.
func waitForExit(_ pid: pid_t) -> Int32 {
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return (status >> 8) & 0xff
}

/// A pseudo-terminal: the app gets the terminal side, the benchmark reads and writes the other.
struct PseudoTerminal {
  let controller: Int32
  let terminal: Int32

  init() {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    precondition(bench_open_pseudo_terminal(&controller, &terminal) == 0, "cannot open a pseudo-terminal")
    (self.controller, self.terminal) = (controller, terminal)
  }

  /// Reads until the output so far ends with `suffix` (ignoring trailing escape sequences is
  /// not needed: the prompt is written last, as is).
  func read(until suffix: String) -> [UInt8] {
    var output: [UInt8] = []
    let wanted = Array(suffix.utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !output.ends(with: wanted) {
      let count = Glibc.read(controller, &buffer, buffer.count)
      precondition(count > 0, "the app closed its terminal before the prompt: \(String(decoding: output, as: UTF8.self))")
      output += buffer[0..<count]
    }
    return output
  }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    precondition(Glibc.write(controller, bytes, bytes.count) == bytes.count)
  }

  /// Reads and drops output until the app closes the terminal.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Glibc.read(controller, &buffer, buffer.count) > 0 {}
  }

  func close() {
    Glibc.close(controller)
  }
}

extension Array where Element: Equatable {
  func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
