import Foundation

/// Lines of hostile standard input, made from a seed, and what the app must say about them.
///
/// Each line is one of: random bytes, bytes that are not UTF-8, control characters (escape
/// sequences, bells, backspaces), NUL bytes, whitespace only, or a command word followed by
/// nonsense arguments. `longLines` adds lines of 1 MB and 10 MB.
struct HostileInput {
  /// The kinds of line, in the order ``counts`` lists them.
  enum Kind: String, CaseIterable {
    case randomBytes = "random bytes"
    case invalidUTF8 = "invalid UTF-8"
    case controlCharacters = "control characters"
    case nulBytes = "NUL bytes"
    case whitespace = "whitespace only"
    case commandLike = "command words with nonsense"
    case long = "lines of 1 MB or 10 MB"
  }

  /// The bytes to pipe in, every line ending in a line break.
  private(set) var bytes = Data()
  /// How many lines of each kind.
  private(set) var counts: [Kind: Int] = [:]
  /// Lines the app must reject as not UTF-8.
  private(set) var notUTF8 = 0
  /// Lines the app must reject as too long (over 64 KiB).
  private(set) var tooLong = 0

  /// Words the app knows, so some lines reach the argument parsers. `quit` and `fact` are left
  /// out: the first would end the run, the second would wait on the network.
  private static let commandWords = [
    "inc", "+", "dec", "-", "reset", "facts", "todos", "done", "edit", "rm", "mv", "filter",
    "settings", "set", "help", "?", "add",
  ]

  /// `count` lines from `seed`, plus a 1 MB and a 10 MB line when `longLines` is set.
  init(count: Int, seed: UInt64, longLines: Bool) {
    var random = SeededGenerator(seed: seed)
    let kinds = Kind.allCases.filter { $0 != .long }
    for index in 0..<count {
      if longLines && (index == count / 3 || index == 2 * count / 3) {
        let size = index == count / 3 ? 1 << 20 : 10 << 20
        append([UInt8](repeating: UInt8(ascii: "a"), count: size), kind: .long)
      }
      let kind = kinds.randomElement(using: &random)!
      append(Self.line(of: kind, index: index, using: &random), kind: kind)
    }
  }

  /// Adds one line (without its line break) of a kind.
  mutating func append(_ line: [UInt8], kind: Kind) {
    counts[kind, default: 0] += 1
    var content = line[...]
    if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
    if line.count > 64 * 1024 {
      tooLong += 1
    } else if String(validating: content, as: UTF8.self) == nil {
      notUTF8 += 1
    }
    bytes.append(contentsOf: line)
    bytes.append(UInt8(ascii: "\n"))
  }

  private static func line(of kind: Kind, index: Int, using random: inout SeededGenerator) -> [UInt8] {
    let length = Int.random(in: 0...120, using: &random)
    func bytes(_ range: ClosedRange<UInt8>) -> [UInt8] {
      (0..<length).map { _ in UInt8.random(in: range, using: &random) }.filter { $0 != UInt8(ascii: "\n") }
    }
    switch kind {
    case .randomBytes:
      return bytes(0...255)
    case .invalidUTF8:
      var line = bytes(0x20...0x7E)
      let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]]
      line.insert(contentsOf: invalid.randomElement(using: &random)!, at: Int.random(in: 0...line.count, using: &random))
      return line
    case .controlCharacters:
      let escapes: [[UInt8]] = [
        Array("\u{1B}[2J\u{1B}[H".utf8), Array("\u{1B}]0;title\u{07}".utf8), [0x08, 0x08, 0x7F], [0x07], [0x1B, 0x63],
        Array("\u{1B}[31mred".utf8), [0x0D], [0x0B, 0x0C], [0x00],
      ]
      var line = bytes(0x20...0x7E)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        line.insert(contentsOf: escapes.randomElement(using: &random)!, at: Int.random(in: 0...line.count, using: &random))
      }
      if Bool.random(using: &random) { line = Array((commandWords.randomElement(using: &random)! + " ").utf8) + line }
      return line
    case .nulBytes:
      var line = [UInt8](repeating: 0, count: Int.random(in: 1...8, using: &random))
      if Bool.random(using: &random) { line = Array((commandWords.randomElement(using: &random)! + " ").utf8) + line }
      return line
    case .whitespace:
      let spaces: [[UInt8]] = [[0x20], [0x09], [0x0D], Array("\u{A0}".utf8), Array("\u{3000}".utf8), Array("\u{2028}".utf8), [0x0B], [0x0C]]
      return (0..<length).flatMap { _ in spaces.randomElement(using: &random)! }
    case .commandLike:
      var word = commandWords.randomElement(using: &random)!
      // NB: Adding todos is kept rare: each one reprints the list, which is not what this tests.
      if word == "add" && index % 50 != 0 { word = "done" }
      let nonsense = [
        "", "0", "-1", "99999999999999999999999", "1 2 3", "x", "\"unclosed", "trailing\\", "'single",
        "step 0", "step 1001", "kind weird", "color sometimes", "1.5", "🙂", "\u{202E}reversed", String(repeating: "9", count: 400),
      ]
      return Array((word + " " + nonsense.randomElement(using: &random)!).utf8)
    case .long:
      return [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    }
  }
}
