/// A command line parsed against a view's commands: the command, and the words after it.
///
/// Its methods read arguments and fail with messages a person understands.
public struct Invocation: Equatable, Sendable {
  /// The command invoked.
  public var command: Command
  /// The words after the command word, unquoted.
  public var arguments: [String]

  /// Creates an invocation.
  public init(command: Command, arguments: [String]) {
    self.command = command
    self.arguments = arguments
  }

  /// Fails unless the command was given no arguments: `inc takes no arguments, got "x"`.
  public func noArguments() throws(ArgumentError) {
    guard arguments.isEmpty else {
      throw ArgumentError(
        "\(command.name) takes no arguments, got \(quoted(arguments.joined(separator: " ")))"
      )
    }
  }

  /// The argument at `index`: `missing <name>` when there is none.
  public func word(at index: Int, named name: String) throws(ArgumentError) -> String {
    guard arguments.indices.contains(index) else {
      throw ArgumentError("missing \(name): \(usage)")
    }
    return arguments[index]
  }

  /// The argument at `index` as a whole number in `range`:
  /// `step must be a whole number from 1 to 1000, got "x"`.
  public func integer(
    at index: Int, named name: String, in range: ClosedRange<Int>
  ) throws(ArgumentError) -> Int {
    let word = try word(at: index, named: name)
    guard let value = Int(word), range.contains(value) else {
      throw ArgumentError(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(quoted(word))"
      )
    }
    return value
  }

  /// The argument at `index` as one of a fixed set of values:
  /// `kind must be one of trivia, math, year, date, got "x"`.
  public func choice<T: RawRepresentable & CaseIterable>(
    at index: Int, named name: String, as type: T.Type = T.self
  ) throws(ArgumentError) -> T where T.RawValue == String {
    let word = try word(at: index, named: name)
    guard let value = T(rawValue: word) else {
      let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw ArgumentError("\(name) must be one of \(choices), got \(quoted(word))")
    }
    return value
  }

  /// The arguments from `index` on, joined by single spaces: `add Buy milk` and
  /// `add "Buy milk"` read the same. Fails when empty (`text must not be empty`) and when it
  /// holds a control character (`text must not contain control characters, got "\e[2J"`),
  /// which text kept and shown later would send to the terminal, and a NUL would cut short.
  public func text(from index: Int = 0, named name: String) throws(ArgumentError) -> String {
    let text = try optionalText(from: index, named: name)
    guard !text.isEmpty else {
      throw ArgumentError("\(name) must not be empty: \(usage)")
    }
    return text
  }

  /// The arguments from `index` on, joined as ``text(from:named:)`` joins them, or `""` when
  /// there are none: text that may be left out (`note [<text>]`, `find [<words>]`). Fails when
  /// it holds a control character.
  public func optionalText(from index: Int = 0, named name: String) throws(ArgumentError) -> String {
    let text = arguments.dropFirst(index)
      .filter { !$0.allSatisfy(\.isWhitespace) }
      .joined(separator: " ")
    guard !TextStyle.hasControlCharacters(text) else {
      throw ArgumentError("\(name) must not contain control characters, got \(quoted(text))")
    }
    return text
  }

  private var usage: String {
    "usage: \(command.name)\(command.arguments.isEmpty ? "" : " \(command.arguments)")"
  }

  private func quoted(_ word: String) -> String {
    ArgumentError.quote(word)
  }
}
