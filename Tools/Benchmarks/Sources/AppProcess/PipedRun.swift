import BenchmarkSupport
import CBenchSystem
import Foundation
import Glibc

/// Runs the app from spawn to exit with `script` written to its standard input through a pipe
/// (by a thread of its own, so a full pipe never blocks the wait) and its output and errors on
/// the given descriptors; `measuredAlone` and `program` (run instead of the app) as
/// ``spawnApp(_:stdin:stdout:stderr:environment:measuredAlone:program:)`` takes them.
///
/// `started` runs just before the spawn and `ended` just after the exit, so a caller can start
/// and stop its clock there.
@discardableResult
public func runAppPiped(
  _ arguments: [String],
  script: String,
  stdout: Int32,
  stderr: Int32,
  measuredAlone: Bool = false,
  program: String = appPath,
  started: () -> Void = {},
  ended: () -> Void = {}
) -> ChildExit {
  started()
  let pid = startAppPiped(
    arguments, script: script, stdout: stdout, stderr: stderr, measuredAlone: measuredAlone, program: program
  )
  let exit = waitForChild(pid)
  ended()
  return exit
}

/// Starts the app with `script` written to its standard input through a pipe, by a thread of its
/// own, and its output and errors on the given descriptors; returns at once with its process id,
/// for ``waitForChild(_:)``. Several apps started this way run at the same time.
public func startAppPiped(
  _ arguments: [String], script: String, stdout: Int32, stderr: Int32, measuredAlone: Bool = false,
  program: String = appPath
) -> pid_t {
  // NB: An app that exits before reading the whole script must fail its run, not kill the
  //     benchmark with SIGPIPE.
  _ = signal(SIGPIPE, SIG_IGN)
  var pipe: [Int32] = [0, 0]
  require(bench_pipe(&pipe) == 0, "cannot make a pipe")
  let (readEnd, writeEnd) = (pipe[0], pipe[1])
  let pid = spawnApp(
    arguments, stdin: readEnd, stdout: stdout, stderr: stderr, measuredAlone: measuredAlone, program: program
  )
  Glibc.close(readEnd)
  let writer = Thread {
    script.utf8CString.withUnsafeBufferPointer { bytes in
      var offset = 0
      let total = bytes.count - 1
      while offset < total {
        let written = Glibc.write(writeEnd, bytes.baseAddress! + offset, total - offset)
        guard written > 0 else { break }
        offset += written
      }
    }
    Glibc.close(writeEnd)
  }
  writer.start()
  return pid
}
