/// A command line, parsed — the one pipeline from a line to what to do, which the
/// terminal program, the fuzzer and the views' tests all use: tokenized, its first word matched
/// against the built-in commands (``BuiltInCommand``), `back`, and the commands understood now,
/// then interpreted.
///
/// ```swift
/// ParsedLine.parse("inc", commands: view.commands) { try view.interpret($0, state: state) }
/// // .command(.send(.incrementButtonTapped))
/// ```
public enum ParsedLine<Action> {
  /// A blank line: nothing to do.
  case nothing
  /// `quit` or `exit`.
  case quit
  /// `help`, with the command asked about, if any.
  case help(String?)
  /// `back`, while a screen is pushed: pop it.
  case back
  /// One of the commands understood now, interpreted.
  case command(CommandOutcome<Action>)
  /// A first word that is no command understood now, with the message saying so.
  case unknownCommand(String)
  /// A line that cannot be run (an unclosed quote, a bad argument, `back` with no screen), with
  /// the message saying why.
  case rejected(String)

  /// What `line` comes to when `commands` are understood.
  ///
  /// - Parameters:
  ///   - line: The line, as typed or piped.
  ///   - commands: The commands understood now: the pushed screen's, or the view's.
  ///   - screen: The title of the screen pushed over the view, if any: `back` pops it.
  ///   - underneath: The commands of the view under that screen, which it names when one of
  ///     them is typed (`"inc" is not a command of todos › todo 2 — type back first`).
  ///   - interpret: Turns an invocation of one of `commands` into its outcome.
  public static func parse(
    _ line: String,
    commands: [Command],
    screen: String? = nil,
    underneath: [Command] = [],
    interpret: (Invocation) throws(ArgumentError) -> CommandOutcome<Action>
  ) -> Self {
    let words: [String]
    do {
      words = try CommandTokenizer.tokenize(line)
    } catch {
      return .rejected(error.message)
    }
    guard let word = words.first else { return .nothing }
    if BuiltInCommand.quit.matches(word) { return .quit }
    if BuiltInCommand.help.matches(word) { return .help(words.dropFirst().first) }
    if word == BuiltInCommand.back.name {
      return screen == nil ? .rejected("nothing to go back to: no screen is open") : .back
    }
    guard let command = commands.first(where: { $0.matches(word) }) else {
      if let screen, underneath.contains(where: { $0.matches(word) }) {
        return .unknownCommand("\(ArgumentError.quote(word)) is not a command of \(screen) — type back first")
      }
      return .unknownCommand(Help.unknownCommandMessage(word, among: commands + BuiltInCommand.all))
    }
    do throws(ArgumentError) {
      return .command(try interpret(Invocation(command: command, arguments: Array(words.dropFirst()))))
    } catch {
      return .rejected(error.message)
    }
  }
}

extension ParsedLine: Equatable where Action: Equatable {}

extension ParsedLine {
  /// The outcome of the command the line runs: `nil` when it runs none of the commands (a blank
  /// line, an unknown command, `quit`, `help`, `back`); throws the message of a rejected line.
  public func commandOutcome() throws(ArgumentError) -> CommandOutcome<Action>? {
    switch self {
    case .command(let outcome): return outcome
    case .rejected(let message): throw ArgumentError(message)
    case .nothing, .quit, .help, .back, .unknownCommand: return nil
    }
  }
}
