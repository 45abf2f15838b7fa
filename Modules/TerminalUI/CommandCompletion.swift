/// What Tab completes at the end of a partly typed line: a command's name or alias for the
/// first word, then the values offered for the argument being typed — by default those the
/// command's declaration lists (``Command/argumentChoices(at:)``) — or a command's name after
/// `help`.
///
/// A unique match completes, followed by a space; several matches complete as far as they agree
/// and are listed when they agree no further.
///
/// ```swift
/// let completion = CommandCompletion(typed: "filter act", commands: commands)
/// completion.insertion   // "ive "
/// ```
public struct CommandCompletion: Equatable, Sendable {
  /// The part of the word under the cursor already typed.
  public var prefix: String
  /// The words that could stand there, in declaration order.
  public var candidates: [String]

  /// The completion of `typed`, the line up to the cursor, among `commands`; `arguments` gives
  /// the values the argument being typed can take (the invocation's arguments are the words
  /// before it), e.g. a view's ``TerminalView/completions(for:state:)``.
  public init(
    typed: String,
    commands: [Command],
    arguments: (Invocation) -> [String] = { $0.command.argumentChoices(at: $0.arguments.count) }
  ) {
    let endsWord = typed.last.map(\.isWhitespace) ?? true
    var words = typed.split(whereSeparator: \.isWhitespace).map(String.init)
    let prefix = endsWord ? "" : (words.popLast() ?? "")
    self.prefix = prefix
    let choices: [String]
    if let first = words.first {
      let command = commands.first { $0.matches(first) }
      if command == BuiltInCommand.help, words.count == 1 {
        choices = commands.map(\.name)
      } else {
        choices = command.map { arguments(Invocation(command: $0, arguments: Array(words.dropFirst()))) } ?? []
      }
    } else {
      choices = commands.flatMap { [$0.name] + $0.aliases }
    }
    var seen: Set<String> = []
    candidates = choices.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
  }

  /// The text to insert at the cursor: the rest of a unique match and a space, or as much as
  /// the matches share; empty when there is nothing to add.
  public var insertion: String {
    if candidates.count == 1, let only = candidates.first {
      return String(only.dropFirst(prefix.count)) + " "
    }
    guard var shared = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      shared = String(zip(shared, candidate).prefix { $0 == $1 }.map(\.0))
    }
    return String(shared.dropFirst(prefix.count))
  }

  /// The matches to show, sorted: several, when typing more is needed to tell them apart.
  public var choicesToList: [String] {
    candidates.count > 1 && insertion.isEmpty ? candidates.sorted() : []
  }
}
