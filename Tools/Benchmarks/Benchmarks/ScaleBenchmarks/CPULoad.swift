import BenchmarkSupport
import Foundation
import Glibc

/// A process keeping every core busy, started by a benchmark that measures under load and
/// stopped when it is done: a shell spinning one loop per core, in a session of its own, as a
/// build run in another terminal is.
struct CPULoad: ~Copyable {
  /// The shell's process id, which is also its process group's.
  private let pid: pid_t

  /// Starts one busy loop per core the machine has.
  init() {
    let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    let loops = Array(repeating: "while :; do :; done &", count: cores).joined(separator: " ") + " wait"
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // NB: A session of its own, which also makes it a process group of its own, so that
    //     stopping the group stops every loop the shell started. Linux schedules each session
    //     as one group (`kernel.sched_autogroup_enabled`): spun in the benchmark's session,
    //     the loops shared the benchmark's group, and its poll with a 100 ms timeout returned
    //     up to 4.8 s late. `POSIX_SPAWN_SETSID` is only declared for GNU sources, hence 0x80.
    posix_spawnattr_setflags(&attributes, Int16(Self.setSession))
    let arguments: [String] = ["/bin/sh", "-c", loops]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
    require(status == 0, "cannot start the load: \(String(cString: strerror(status)))")
    self.pid = pid
  }

  /// glibc's `POSIX_SPAWN_SETSID`: the child starts a session of its own.
  private static let setSession: Int32 = 0x80

  /// Stops every loop and waits for the shell.
  consuming func stop() {
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
