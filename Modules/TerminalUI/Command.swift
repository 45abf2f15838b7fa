/// A command a ``TerminalView`` understands: its name, aliases, the arguments it takes and a
/// one-line summary, from which help text and suggestions are generated.
///
/// ```swift
/// Command("inc", aliases: ["+"], summary: "Increase the count by the step")
/// Command("edit", arguments: "<n> <text>", summary: "Change the text of todo n")
/// ```
public struct Command: Hashable, Sendable {
  /// The word that invokes the command.
  public var name: String
  /// Other words that invoke it.
  public var aliases: [String]
  /// How its arguments read in help, e.g. `<n> <text>`; empty when it takes none.
  public var arguments: String
  /// What it does, in one line.
  public var summary: String

  /// Declares a command.
  public init(_ name: String, aliases: [String] = [], arguments: String = "", summary: String) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.summary = summary
  }

  /// Whether `word` is the command's name or one of its aliases.
  public func matches(_ word: String) -> Bool {
    word == name || aliases.contains(word)
  }

  /// The command as help shows it: `inc, +` or `edit <n> <text>`.
  public var usage: String {
    let names = ([name] + aliases).joined(separator: ", ")
    return arguments.isEmpty ? names : "\(names) \(arguments)"
  }
}
