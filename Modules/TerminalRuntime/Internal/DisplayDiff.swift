/// The lines a program last showed on the terminal (its display), and which lines of a new
/// display are not among them: what the program prints when the display changes. (A *screen*
/// is a view pushed over another, ``TerminalScreen``.)
///
/// NB: The lines shown are kept counted by their text, so finding what changed costs one hash
///     look-up per line of the new display: linear in the display, whatever it holds.
struct DisplayDiff {
  /// The lines shown now.
  private(set) var lines: [String]

  init(_ lines: [String] = []) {
    self.lines = lines
  }

  /// Makes `newLines` the lines shown; returns those of them not shown before, in order (a
  /// line shown once before stands for one line of the new display only).
  mutating func update(to newLines: [String]) -> [String] {
    // NB: The common case, a redraw that changed nothing, costs one comparison of the arrays
    //     (the same storage when the frame was kept).
    guard newLines != lines else { return [] }
    if let line = onlyLineReplaced(by: newLines) {
      lines = newLines
      return [line]
    }
    var remaining: [String: Int] = [:]
    remaining.reserveCapacity(lines.count)
    for line in lines { remaining[line, default: 0] += 1 }
    var changed: [String] = []
    for line in newLines {
      if let count = remaining[line], count > 0 {
        remaining[line] = count - 1
      } else {
        changed.append(line)
      }
    }
    lines = newLines
    return changed
  }

  /// The new line, when `newLines` is the display with one line replaced (a count drawn again):
  /// the display's lines but for one, so what changed is that line alone, found without hashing
  /// a line.
  private func onlyLineReplaced(by newLines: [String]) -> String? {
    guard newLines.count == lines.count else { return nil }
    var replaced: Int?
    for index in newLines.indices where newLines[index] != lines[index] {
      guard replaced == nil else { return nil }
      replaced = index
    }
    return replaced.map { newLines[$0] }
  }
}
