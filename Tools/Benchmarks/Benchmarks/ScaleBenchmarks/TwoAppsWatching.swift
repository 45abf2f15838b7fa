import AppProcess
import BenchmarkSupport
import Foundation
import Glibc

/// Two apps typed over one data directory, taking turns adding a todo while the other watches,
/// with every core kept busy by a third process (``CPULoad``): how long each command takes to
/// be drawn by the app it was typed into, and how long until the other app draws it.
///
/// Each app runs on a pseudo-terminal of 24 rows and 80 columns with `TERM=xterm`, as a person
/// runs it. Both terminals are read at once, so each moment is the one its output arrived.
struct TwoAppsWatching {
  /// Per command: from the line typed to the writer's redraw showing the todo, prompt after it.
  private(set) var lineToRedraw: [Duration] = []
  /// Per commit: from the line typed to the other app's redraw showing the todo. The commit is
  /// made between the two, so this is an upper bound of the time from commit to seen.
  private(set) var lineToSeen: [Duration] = []

  /// How long an app may take to draw a todo before the run fails.
  static let timeout = Duration.seconds(30)

  /// Starts two apps on a fresh empty list and has each add `lines` todos in turns.
  init(lines: Int) {
    let (scratch, data) = TodoFixture.freshRun(size: 0)
    defer { removeScratchDirectory(scratch) }
    let terminals = [PseudoTerminal(rows: 24, columns: 80), PseudoTerminal(rows: 24, columns: 80)]
    let pids = terminals.map { terminal in
      spawnApp(
        ["--data-dir", data.path], stdin: terminal.terminal, stdout: terminal.terminal, stderr: terminal.terminal,
        environment: ["TERM": "xterm"]
      )
    }
    let prompt = Array("> ".utf8)
    for terminal in terminals {
      require(terminal.read(timeout: Self.timeout, until: { $0.ends(with: prompt) }) != nil, "an app gave no prompt")
    }
    let load = CPULoad()
    for turn in 0..<(2 * lines) {
      let (writer, reader) = (turn % 2, (turn + 1) % 2)
      let title = "todo \(turn) from \(writer == 0 ? "A" : "B")"
      // NB: the typed line is echoed: the marker is the row the list draws for the todo.
      let marker = Array("] \(title)".utf8)
      let start = ContinuousClock.now
      terminals[writer].write("add \(title)\n")
      let moments = Self.read(terminals, from: writer, until: marker, then: prompt, seenBy: reader)
      require(moments != nil, "turn \(turn): '\(title)' was not drawn by both apps within \(Self.timeout)")
      lineToRedraw.append(moments!.drawn - start)
      lineToSeen.append(moments!.seen - start)
    }
    load.stop()
    for (terminal, pid) in zip(terminals, pids) {
      Glibc.close(terminal.terminal)
      terminal.write("quit\n")
      terminal.drain()
      terminal.close()
      let exit = waitForChild(pid)
      require(exit.status == 0, "an app of two watching each other exited \(exit.status)")
    }
    let count = TodoCount(dataDirectory: data)
    require(count == TodoCount(rows: 2 * lines, counted: 2 * lines), "two apps adding \(lines) todos each left \(count)")
  }

  /// Reads both terminals as their output arrives, until the writer's output holds `marker` with
  /// `prompt` after it and the reader's holds `marker`; returns when each did, or `nil` at the
  /// timeout.
  private static func read(
    _ terminals: [PseudoTerminal], from writer: Int, until marker: [UInt8], then prompt: [UInt8], seenBy reader: Int
  ) -> (drawn: ContinuousClock.Instant, seen: ContinuousClock.Instant)? {
    let deadline = ContinuousClock.now + timeout
    var outputs: [[UInt8]] = [[], []]
    var drawn: ContinuousClock.Instant?
    var seen: ContinuousClock.Instant?
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while drawn == nil || seen == nil {
      guard ContinuousClock.now < deadline else { return nil }
      var descriptors = terminals.map { pollfd(fd: $0.controller, events: Int16(POLLIN), revents: 0) }
      guard poll(&descriptors, 2, 100) >= 0 || errno == EINTR else { return nil }
      for (index, descriptor) in descriptors.enumerated() where descriptor.revents & Int16(POLLIN) != 0 {
        let count = Glibc.read(descriptor.fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        outputs[index] += buffer[0..<count]
      }
      let now = ContinuousClock.now
      if drawn == nil, let found = outputs[writer].firstRange(of: marker), outputs[writer].ends(with: prompt),
        found.upperBound <= outputs[writer].count - prompt.count
      {
        drawn = now
      }
      if seen == nil, outputs[reader].firstRange(of: marker) != nil { seen = now }
    }
    return (drawn!, seen!)
  }
}
