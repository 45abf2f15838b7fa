/// Help text and "did you mean" suggestions, generated from commands.
public enum Help {
  /// One line per command, usages aligned:
  ///
  /// ```
  ///   inc, +          Increase the count by the step
  ///   edit <n> <text> Change the text of todo n
  /// ```
  public static func lines(for commands: [Command], style: TextStyle) -> [String] {
    let width = commands.map(\.usage.count).max() ?? 0
    return commands.map { command in
      let usage = command.usage + String(repeating: " ", count: width - command.usage.count)
      return "  \(style.bold(usage))  \(command.summary)"
    }
  }

  /// The command name or alias closest to `word`, if one is close enough to be a likely typo.
  public static func suggestion(for word: String, among commands: [Command]) -> String? {
    let candidates = commands.flatMap { [$0.name] + $0.aliases }.filter { $0.count > 1 }
    // NB: A word over twice as long as every candidate is further from each than its limit
    // (the distance is at least the difference in length), so a 64 KiB line costs nothing.
    let longest = candidates.map(\.count).max() ?? 0
    guard word.count <= 2 * longest else { return nil }
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(1, min(word.count, best.0.count) / 3)
    return best.1 <= limit ? best.0 : nil
  }

  /// What to say about a first word that is no command: `unknown command "ad" — did you mean
  /// "add"? type help`, or without the suggestion when none is close.
  public static func unknownCommandMessage(_ word: String, among commands: [Command]) -> String {
    let quoted = ArgumentError.quote(word)
    if let suggestion = suggestion(for: word, among: commands) {
      return "unknown command \(quoted) — did you mean \"\(suggestion)\"? type help"
    }
    return "unknown command \(quoted) — type help"
  }
}
