import BenchmarkSupport
import CBenchSystem
import Glibc

/// A pseudo-terminal: the app gets the terminal side, the benchmark reads and writes the other.
public struct PseudoTerminal: Sendable {
  /// The side the benchmark reads the app's output from and types into.
  public let controller: Int32
  /// The side handed to the app as its standard input, output and error.
  public let terminal: Int32

  /// Opens a pseudo-terminal; with `rows` and `columns`, the window the app sees has that size
  /// (otherwise none: the app falls back to its own default).
  public init(rows: Int? = nil, columns: Int? = nil) {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    require(bench_open_pseudo_terminal(&controller, &terminal) == 0, "cannot open a pseudo-terminal")
    (self.controller, self.terminal) = (controller, terminal)
    if let rows, let columns {
      require(bench_set_window_size(terminal, Int32(rows), Int32(columns)) == 0, "cannot size the pseudo-terminal")
    }
  }

  /// Reads until the output so far ends with `suffix` (ignoring trailing escape sequences is
  /// not needed: the prompt is written last, as is).
  public func read(until suffix: String) -> [UInt8] {
    var output: [UInt8] = []
    let wanted = Array(suffix.utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !output.ends(with: wanted) {
      let count = Glibc.read(controller, &buffer, buffer.count)
      require(count > 0, "the app closed its terminal before the prompt: \(String(decoding: output, as: UTF8.self))")
      output += buffer[0..<count]
    }
    return output
  }

  /// Reads until `isComplete` holds for the output read so far, and returns it; `nil` when
  /// `timeout` passes first or the app closes its terminal.
  public func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8]? {
    let deadline = ContinuousClock.now + timeout
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !isComplete(output) {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = Glibc.read(controller, &buffer, buffer.count)
      guard count > 0 else { return nil }
      output += buffer[0..<count]
    }
    return output
  }

  /// Writes `text` as if typed.
  public func write(_ text: String) {
    let bytes = Array(text.utf8)
    require(Glibc.write(controller, bytes, bytes.count) == bytes.count, "cannot write to the pseudo-terminal")
  }

  /// Reads and drops output until the app closes the terminal.
  public func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Glibc.read(controller, &buffer, buffer.count) > 0 {}
  }

  /// Closes the benchmark's side.
  public func close() {
    Glibc.close(controller)
  }
}

extension Array where Element: Equatable {
  /// Whether the array's last elements are `suffix`.
  public func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
