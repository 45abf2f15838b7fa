import Foundation

/// A random session's script, made from a seed: lines of the app's commands with random
/// arguments, answers to its questions, and hostile lines, for recording through the real app
/// and replaying (`FuzzedSessionTests`).
///
/// The script follows the app loosely: it counts the todos it added to pick positions that are
/// mostly valid, and knows when a todo's screen is open to use that screen's commands. It does
/// not have to be right: a command the app rejects is part of the session too.
struct FuzzedSession {
  /// The bytes to pipe in, every line ending in a line break.
  private(set) var script = Data()
  /// The number of lines.
  private(set) var lines = 0

  private var random: SeededGenerator
  private var todos = 0
  private var isOnTodoScreen = false

  /// A script of up to `maximumLines` lines from `seed`.
  init(seed: UInt64, maximumLines: Int = 40) {
    random = SeededGenerator(seed: seed)
    // NB: With sort-completed on (the default), each `done` sleeps a second before sorting, and
    //     a piped run waits for it; most sessions turn it off to stay quick.
    if chance(0.7) { append("set sort-completed off") }
    let count = Int.random(in: 1...maximumLines, using: &random)
    for _ in 0..<count { appendRandomLine() }
    if chance(0.1) { append(pick(["quit", "exit"])) }
  }

  // MARK: - Lines

  private mutating func appendRandomLine() {
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<8: appendHostileLine()
    case 8..<12: append(pick(["help", "?", "help \(pick(Self.commandWords))", "help nothing", ""]))
    case 12..<35 where isOnTodoScreen: appendTodoScreenCommand()
    case 12..<27: appendCounterCommand()
    case 27..<32: appendFactCommand()
    case 32..<70: appendTodosCommand()
    case 70..<85: appendSettingsCommand()
    case 85..<90: append(pick(["y", "n", "Y", "no", "yes", "maybe"]))
    default: append("\(pick(Self.commandWords)) \(words())")
    }
  }

  private mutating func appendCounterCommand() {
    let command = pick(["inc", "+", "inc", "dec", "-", "reset", "inc 3"])
    append(command)
  }

  private mutating func appendFactCommand() {
    append(pick(["fact", "fact", "fact stop", "facts", "fact now"]))
  }

  private mutating func appendTodosCommand() {
    switch Int.random(in: 0..<12, using: &random) {
    case 0, 1, 2:
      append("add \(text())")
      todos += 1
    case 3: append("todos")
    case 4: append("done \(position())")
    case 5: append("edit \(position()) \(text())")
    case 6:
      append("rm \(position())")
      todos = max(0, todos - 1)
    case 7: append("mv \(position()) \(position())")
    case 8: append("filter \(pick(["all", "active", "completed", "everything", ""]))")
    case 9:
      append("clear")
      appendAnswer()
    default:
      append("open \(position())")
      if todos > 0 { isOnTodoScreen = true }
    }
  }

  private mutating func appendTodoScreenCommand() {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: append("rename \(text())")
    case 1: append("done")
    case 2: append(chance(0.3) ? "note" : "note \(text())")
    case 3:
      append(pick(["delete", "rm"]))
      appendAnswer()
    case 4: append(pick(["inc", "todos", "add \(text())"]))
    default:
      append("back")
      isOnTodoScreen = false
    }
  }

  private mutating func appendSettingsCommand() {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: append("settings")
    case 1: append("set fact-kind \(pick(["trivia", "math", "year", "date", "weather"]))")
    case 2: append("set step \(pick(["1", "2", "5", "1000", "0", "-3", "1001", "ten", String(Int.random(in: 1...1000, using: &random))]))")
    case 3: append("set color \(pick(["auto", "on", "off", "blue"]))")
    case 4: append("set sort-completed \(pick(["on", "off", "maybe"]))")
    case 5:
      append("set reset")
      appendAnswer()
    default: append("set \(pick(["step", "colour", "reset now", ""])) \(words())")
    }
  }

  /// An answer to a question, usually; sometimes a line that is none.
  private mutating func appendAnswer() {
    append(pick(["y", "n", "y", "n", "", "yes", "inc"]))
  }

  private mutating func appendHostileLine() {
    switch Int.random(in: 0..<7, using: &random) {
    case 0: append("add \"\(text())")
    case 1: append("\(pick(Self.commandWords)) \u{1B}[2J\u{07}\(words())\u{08}")
    case 2: appendBytes(Array("add ".utf8) + [0xFF, 0xC0, 0x80] + Array("x".utf8))
    case 3: append(String(repeating: "a", count: pick([4_000, 70_000])))
    case 4: append("add \(String(repeating: "b", count: 3_000))")
    case 5: appendBytes((0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 0x0A })
    default: append(pick(["   ", "\t", "inc\r", "'", "\"", "\\", "\0inc", "add '' \"\""]))
    }
  }

  // MARK: - Arguments

  private static let commandWords = [
    "inc", "dec", "reset", "fact", "facts", "todos", "add", "done", "edit", "rm", "mv", "filter",
    "clear", "open", "back", "settings", "set", "rename", "note", "delete", "help", "incc",
  ]

  /// A position: mostly one of the todos', sometimes one out of range or not a number.
  private mutating func position() -> String {
    if chance(0.1) { return pick(["0", "-1", "x", "99", ""]) }
    return String(Int.random(in: 1...max(1, todos + 1), using: &random))
  }

  /// A todo's text: words, quoted or not, some not ASCII.
  private mutating func text() -> String {
    let text = words()
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return "\"\(text)\""
    case 1: return "'\(text)'"
    default: return text
    }
  }

  private mutating func words() -> String {
    let count = Int.random(in: 0...4, using: &random)
    return (0..<count).map { _ in pick(Self.vocabulary) }.joined(separator: " ")
  }

  private static let vocabulary = [
    "milk", "walk", "the", "dog", "café", "日本", "🥛", "e\u{301}", "a\\\"b", "#1", "--flag", "x y", "1", "42",
  ]

  // MARK: - Helpers

  private mutating func append(_ line: String) {
    appendBytes(Array(line.utf8))
  }

  private mutating func appendBytes(_ line: [UInt8]) {
    script.append(contentsOf: line)
    script.append(0x0A)
    lines += 1
  }

  private mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices.randomElement(using: &random)!
  }
}
