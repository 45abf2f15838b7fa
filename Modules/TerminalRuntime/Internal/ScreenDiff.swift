/// The lines a session last showed, and which lines of a new screen are not among them: what
/// the session prints when the screen changes.
struct ScreenDiff {
  /// The lines shown now.
  private(set) var lines: [String]

  init(_ lines: [String] = []) {
    self.lines = lines
  }

  /// Makes `newLines` the lines shown; returns those of them not shown before, in order (a
  /// line shown once before stands for one line of the new screen only).
  mutating func update(to newLines: [String]) -> [String] {
    var remaining = lines
    var changed: [String] = []
    for line in newLines {
      if let index = remaining.firstIndex(of: line) {
        remaining.remove(at: index)
      } else {
        changed.append(line)
      }
    }
    lines = newLines
    return changed
  }
}
