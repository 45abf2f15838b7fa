import BenchmarkSupport
import Foundation
import Glibc
import Synchronization

/// `bench-launch` (`Sources/BenchLaunch`), beside the running benchmark executable: it starts the
/// app as the child of a small process and reports the app's own exit, peak memory and CPU
/// time on a pipe, read by ``waitForChild(_:)``.
///
/// NB: Linux keeps a process's peak resident size across exec, taking in the image the exec
///     replaces, so an app the benchmark spawns directly reports the benchmark's own peak
///     whenever that is higher (see `main.c`).
enum Launcher {
  /// Its path: in the directory of the benchmark executable, which `swift build` fills.
  static let path = besideTheBenchmark("bench-launch")

  /// The read end of the report pipe of each app started through it and not yet waited for.
  static let reports = Mutex<[pid_t: Int32]>([:])

  /// The app's exit as its launcher reported it on `report`, which is then closed; `nil` when
  /// it reported nothing (it could not start the app).
  static func exit(reportedOn report: Int32) -> ChildExit? {
    defer { Glibc.close(report) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = Glibc.read(report, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard fields.count == 4 else { return nil }
    return ChildExit(
      status: Int32(fields[0]),
      peakResidentBytes: fields[1] * 1024,
      cpuTime: .microseconds(fields[2] + fields[3])
    )
  }
}
