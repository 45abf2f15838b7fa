/// Where a replay first did something other than its recording did.
public struct SessionDivergence: Equatable, Sendable {
  /// What differed.
  public enum Kind: Equatable, Sendable {
    /// The store processed another action than the recorded one (or one where the recording
    /// has some other event).
    case action(produced: String, from: SessionEvent.ActionOrigin)
    /// The app called a dependency where the recording has some other event.
    case call(dependency: String, number: Int)
    /// Nothing happened where the recording has an action, or a call of a dependency.
    case nothing
    /// The app printed other text.
    case output(stream: SessionEvent.OutputStream, expected: String, produced: String)
  }

  /// The number of the recorded event where it happened (the header is line 1 of the file, the
  /// first event line 2); `nil` past the last event.
  public var event: Int?
  /// The recorded event, if any.
  public var expected: SessionEvent?
  /// What differed.
  public var kind: Kind
  /// The change the produced action made to the state, in custom dump's diff format.
  public var stateDiff: String?
  /// The last line fed before it, with its number among the session's lines.
  public var afterLine: (number: Int, text: String)?
  /// For output that differs, the actions processed since the output last matched: those whose
  /// state the differing display shows.
  public var afterActions: [(dump: String, origin: SessionEvent.ActionOrigin)] = []

  /// Creates a divergence.
  public init(event: Int?, expected: SessionEvent?, kind: Kind, stateDiff: String? = nil, afterLine: (number: Int, text: String)? = nil) {
    self.event = event
    self.expected = expected
    self.kind = kind
    self.stateDiff = stateDiff
    self.afterLine = afterLine
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.event == rhs.event && lhs.expected == rhs.expected && lhs.kind == rhs.kind
      && lhs.stateDiff == rhs.stateDiff && lhs.afterLine?.number == rhs.afterLine?.number
      && lhs.afterLine?.text == rhs.afterLine?.text
      && lhs.afterActions.map(\.dump) == rhs.afterActions.map(\.dump)
      && lhs.afterActions.map(\.origin) == rhs.afterActions.map(\.origin)
  }

  /// The divergence, for a person: where, what was expected, what happened, and the state's
  /// change.
  public var lines: [String] {
    var lines: [String] = []
    let place = event.map { "event \($0) (line \($0 + 1) of the file)" } ?? "the end of the session"
    let after = afterLine.map { ", after line \($0.number) \"\($0.text)\"" } ?? ""
    lines.append("first divergence at \(place)\(after):")
    switch kind {
    case .output(let stream, let expected, let produced):
      lines.append("  expected \(stream == .output ? "output" : "error"): \(Self.quote(expected))")
      lines.append("  produced \(stream == .output ? "output" : "error"): \(Self.quote(produced))")
      if !afterActions.isEmpty {
        lines.append("  after the actions since the output last matched:")
        for action in afterActions {
          lines.append(contentsOf: Self.indented("  ", Self.describe(.action(action.dump, from: action.origin))))
        }
      }
      return lines
    default:
      break
    }
    lines.append(contentsOf: Self.indented("expected: ", expected.map(Self.describe) ?? "nothing more"))
    switch kind {
    case .action(let produced, let origin):
      lines.append(contentsOf: Self.indented("produced: ", "\(produced) (from \(origin == .line ? "the line" : "an effect"))"))
    case .call(let dependency, let number):
      lines.append("  produced: call \(number) of \(dependency)")
    case .nothing:
      lines.append("  produced: nothing")
    case .output:
      break
    }
    if let stateDiff {
      lines.append("  state change the produced action made:")
      lines.append(contentsOf: stateDiff.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 })
    }
    return lines
  }

  static func describe(_ event: SessionEvent) -> String {
    switch event {
    case .action(let dump, let origin):
      return "\(dump) (from \(origin == .line ? "the line" : "an effect"))"
    case .answer(let dependency, let call, let value):
      return "call \(call) of \(dependency), answered \(quote(value))"
    case .failure(let dependency, let call, let message):
      return "call \(call) of \(dependency), failing with \(quote(message))"
    case .line(let line):
      return "the line \(quote(line))"
    case .externalChange(let path, _):
      return "a change another process made to \(path)"
    case .unreadable(let reason):
      return "an unreadable line (\(reason))"
    case .interrupt:
      return "Ctrl-C"
    case .endOfInput:
      return "the end of input"
    case .resize(let rows):
      return "a resize to \(rows) rows"
    case .exit(let status):
      return "the exit, status \(status)"
    case .file(let path, _):
      return "the file \(path)"
    case .output(let text, _):
      return quote(text)
    }
  }

  static func quote(_ text: String) -> String {
    var quoted = ""
    JSONLineWriter.append(quoted: text, to: &quoted)
    return quoted
  }

  private static func indented(_ label: String, _ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.enumerated().map { offset, line in
      (offset == 0 ? "  " + label : "  " + String(repeating: " ", count: label.count)) + line
    }
  }
}
