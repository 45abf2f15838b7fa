import AppFeature
import CLibFuzzer
import Dependencies
import Foundation
import Persistence
import TerminalUI

/// One fuzz input: bytes taken as a command line, the way the terminal program handles it.
///
/// Valid UTF-8 goes through the terminal program's own pipeline (`ParsedLine`), against the app's view
/// in two states (empty, and with three todos); its words go through every `Invocation` reader
/// and the "did you mean" search. Any input may be rejected; none may crash, and every message
/// must be printable (no control characters from the input). libFuzzer calls it on the main
/// thread, where the views live.
@MainActor
enum CommandFuzzer {
  /// The app's view and two states to interpret commands against, made once.
  static let fixture = Fixture()

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let line = String(validating: bytes, as: UTF8.self) else { return }
    for state in fixture.states {
      switch fixture.view.parse(line, state: state) {
      case .unknownCommand(let message), .rejected(let message):
        check(message)
      case .nothing, .quit, .help, .back, .command:
        break
      }
    }
    guard let words = try? CommandTokenizer.tokenize(line) else { return }
    for word in words where word.isEmpty == false {
      _ = Help.suggestion(for: word, among: fixture.view.commandGroups.flatMap(\.commands))
    }
    exerciseReaders(words)
  }

  /// Every reader of `Invocation` over the words, as any view could call them.
  private static func exerciseReaders(_ words: [String]) {
    let invocation = Invocation(command: Command("fuzz", arguments: "<a> <b>", summary: "Fuzz"), arguments: words)
    for index in 0...min(words.count, 3) {
      attempt { try invocation.word(at: index, named: "word") }
      attempt { try invocation.integer(at: index, named: "n", in: 1...1000) }
      attempt { try invocation.integer(at: index, named: "n", in: Int.min...Int.max) }
      attempt { try invocation.choice(at: index, named: "kind", as: Kind.self) }
      attempt { try invocation.text(from: index, named: "text") }
    }
    attempt { try invocation.noArguments() }
  }

  private enum Kind: String, CaseIterable { case trivia, math, year, date }

  private static func attempt<T>(_ body: () throws -> T) {
    do {
      _ = try body()
    } catch let error as ArgumentError {
      check(error.message)
    } catch {
      preconditionFailure("a reader threw something other than ArgumentError: \(error)")
    }
  }

  /// A message is one line of printable text.
  private static func check(_ message: String) {
    precondition(!message.isEmpty, "empty message")
    precondition(
      !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "a message carries a control character: \(message.debugDescription)"
    )
  }
}

/// The view and states the fuzzer interprets commands with, in memory only.
@MainActor
struct Fixture {
  let view = AppView()
  let states: [AppFeature.State]

  init() {
    states = withDependencies {
      $0.defaultFileStorage = .inMemory
      $0.defaultDataDirectory = URL(fileURLWithPath: "/nonexistent/fuzz", isDirectory: true)
    } operation: {
      let empty = AppFeature.State()
      let withTodos = AppFeature.State()
      withTodos.todos.$todos.withLock {
        for (index, text) in ["Buy milk", "Walk dog", "Read"].enumerated() {
          $0.append(.init(id: UUID(index), description: text, isComplete: index == 1))
        }
      }
      return [empty, withTodos]
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  MainActor.assumeIsolated {
    CommandFuzzer.run(UnsafeBufferPointer(start: data, count: size))
  }
  return 0
}

/// Hands the command line to libFuzzer's driver (see Package.swift for why this is `main`).
@main
struct Main {
  static func main() {
    _ = CommandFuzzer.fixture
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
  }
}
