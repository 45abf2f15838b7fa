import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `app` binary on a pseudo-terminal, as a person runs it: it shows a prompt and prints
/// the results of effects as they arrive instead of waiting for them. The test types lines
/// and waits for text to appear on the display.
final class InteractiveApp: @unchecked Sendable {
  private let process: Process
  private let primary: Int32
  // NB: An `NSLock` (a pthread mutex, which ThreadSanitizer intercepts) rather than `Mutex`:
  // under `Tools/reliability/tsan`, two accesses both inside `Mutex.withLock` were reported
  // as a race, the lock's hand-over being invisible to it.
  private let lock = NSLock()
  // Guarded by `lock`.
  private var displayText = ""
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var closed = false

  /// Starts the app with `arguments` on a new pseudo-terminal of 80 × 24, colors off, `TERM`
  /// `dumb` unless `environment` (added to the test's own) says otherwise.
  init(arguments: [String], environment extra: [String: String] = [:]) throws {
    let primary = PseudoTerminal.openPrimary(O_RDWR | O_NOCTTY)
    var name = [CChar](repeating: 0, count: 128)
    guard primary >= 0, PseudoTerminal.grant(primary) == 0, PseudoTerminal.unlock(primary) == 0,
      PseudoTerminal.name(primary, &name, name.count) == 0
    else { throw POSIXError(.EIO) }
    let secondary = name.withUnsafeBufferPointer { open($0.baseAddress!, O_RDWR | O_NOCTTY) }
    guard secondary >= 0 else { throw POSIXError(.EIO) }
    let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
    process = Process()
    process.executableURL = AppProcess.executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["TERM"] = "dumb"
    environment.merge(extra) { $1 }
    process.environment = environment
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    self.primary = primary
    Self.setSize(of: primary, columns: 80, rows: 24)
    try process.run()
    try terminal.close()
    Thread.detachNewThread { [self] in readDisplay() }
  }

  /// Everything the terminal has shown so far, typed lines included (the terminal echoes).
  var text: String { lock.withLock { displayText } }

  /// The process's identifier, e.g. to signal it.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Types `keys` as they are: no Return added, control characters and escape sequences sent
  /// as bytes (`"\u{1B}[D"` is Left).
  func press(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
  }

  /// Whether the app reads the keys pressed one by one, the terminal echoing none (its line
  /// editor has the terminal in raw mode): keys pressed before then are echoed by the terminal
  /// and taken as a line, not edited.
  var readsKeys: Bool {
    var settings = termios()
    guard tcgetattr(primary, &settings) == 0 else { return false }
    return settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
  }

  /// Waits until the app reads keys (``readsKeys``); `false` if it does not within `timeout`
  /// or once the app has closed the terminal.
  ///
  /// NB: A terminal tells of no change of its mode, so the mode is looked at again every few
  ///     milliseconds until it is the one waited for.
  func waitUntilReadingKeys(timeout: Duration = .seconds(30)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !readsKeys {
      guard ContinuousClock.now < deadline, !isClosed else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Changes the terminal's size and tells the app, as a terminal emulator's window does.
  ///
  /// NB: The app does not have the pseudo-terminal as its controlling terminal (it is started
  /// without a session of its own), so the kernel would not signal it; the test does.
  func resize(columns: UInt16, rows: UInt16) {
    Self.setSize(of: primary, columns: columns, rows: rows)
    kill(process.processIdentifier, SIGWINCH)
  }

  private static func setSize(of terminal: Int32, columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
  }

  private var isClosed: Bool { lock.withLock { closed } }

  /// Types `line` and Return.
  func type(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
  }

  /// How many bytes the terminal has shown so far, to wait for text shown after them.
  var shownCount: Int { text.utf8.count }

  /// Waits until the display shows `text`, after the first `offset` bytes shown; `false` if it
  /// has not after `timeout` or once the app has closed the terminal (the timeout guards against
  /// a hang, it measures nothing).
  func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(30)) async -> Bool {
    await waitUntil(timeout: timeout) { shown in
      String(decoding: shown.utf8.dropFirst(offset), as: UTF8.self).contains(text)
    }
  }

  /// Waits until `condition` holds of everything the terminal has shown, checked again each
  /// time more arrives; `false` if it has not after `timeout` or once the app has closed the
  /// terminal (the timeout guards against a hang, it measures nothing).
  func waitUntil(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    let alarm = Task { [self] in
      try? await Task.sleep(until: deadline)
      wake()
    }
    defer { alarm.cancel() }
    while !condition(text) {
      guard ContinuousClock.now < deadline, !isClosed else { return false }
      await withCheckedContinuation { continuation in
        lock.withLock { waiting.append(continuation) }
        // NB: The display may have changed before the continuation was stored; wake at once then.
        if condition(text) || ContinuousClock.now >= deadline || isClosed { wake() }
      }
    }
    return true
  }

  /// Waits for the app to exit and returns its status.
  func waitForExit() async -> Int32 {
    await onThread { [process] in
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  /// Ends the app if it still runs, and closes the terminal.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  private func readDisplay() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      let received = String(decoding: buffer[0..<count], as: UTF8.self)
      lock.withLock { displayText += received }
      wake()
    }
    close(primary)
    lock.withLock { closed = true }
    wake()
  }

  private func wake() {
    let woken = lock.withLock {
      defer { waiting.removeAll() }
      return waiting
    }
    for continuation in woken { continuation.resume() }
  }
}

/// glibc's pseudo-terminal calls, which the Swift `Glibc` module does not import (they need
/// `_XOPEN_SOURCE`), looked up by name.
private enum PseudoTerminal {
  static let openPrimary = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
  static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
  static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
  static let name = function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)

  private static func function<F>(_ name: String, as type: F.Type) -> F {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("\(name) is missing from the C library")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
