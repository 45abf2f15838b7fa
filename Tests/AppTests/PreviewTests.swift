import Foundation
import TemporaryFiles
import Testing

/// End to end: `app preview <feature>` runs one feature alone, offline, with throw-away data.
@Suite(.serialized)
struct PreviewTests {
  let home: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
  }

  /// The app with `HOME` and `XDG_DATA_HOME` in a fresh directory, so a test sees any write
  /// to the user's data.
  func preview(_ arguments: String...) -> AppProcess {
    var process = AppProcess(arguments: ["preview"] + arguments)
    process.environment["HOME"] = home.path
    process.environment["XDG_DATA_HOME"] = home.path + "/data"
    return process
  }

  @Test func todosAloneListsOnlyItsCommandsAndLeavesUserDataUntouched() async throws {
    defer { home.remove() }
    let result = try await preview("todos").run(input: "help\nadd Buy milk\ntodos\n")
    #expect(result.status == 0)
    let commands = result.outputLines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(commands.contains { $0.hasPrefix("add") })
    #expect(commands.contains { $0.hasPrefix("quit") })
    #expect(!commands.contains { $0.hasPrefix("inc") || $0.hasPrefix("fact") || $0.hasPrefix("set") })
    #expect(result.output.contains("1. [ ] Buy milk"))
    #expect(result.error == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
  }

  /// A preview over a data directory whose todos file does not decode says so in one line, as
  /// the app does, keeps the file aside, and starts from an empty list.
  @Test func aCorruptFileIsReportedInOneLineAndKeptAside() async throws {
    let data = try TemporaryDirectory()
    defer { home.remove(); data.remove() }
    try Data(#"[{"id":"#.utf8).write(to: URL(fileURLWithPath: data.path + "/todos.json"))
    let result = try await preview("todos", "--data-dir", data.path).run(input: "todos\n")
    #expect(result.status == 0)
    #expect(result.output.contains("no todos yet"))
    let errors = result.error.split(separator: "\n")
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("Could not decode \(data.path)/todos.json") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).contains { $0.hasPrefix("todos.json.corrupt-") })
  }

  @Test func theTemporaryDataDirectoryIsRemovedOnExit() async throws {
    let temporary = try TemporaryDirectory()
    defer { home.remove(); temporary.remove() }
    var process = preview("todos")
    process.environment["TMPDIR"] = temporary.path
    let result = try await process.run(input: "add Buy milk\n")
    #expect(result.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  @Test func aSeededCountIsWhereTheCounterStarts() async throws {
    defer { home.remove() }
    let result = try await preview("counter", "--seed", "count=41").run(input: "inc\n")
    #expect(result.status == 0)
    #expect(result.outputLines.contains("count: 42"))
  }

  @Test func aFactIsCannedWithoutAServer() async throws {
    defer { home.remove() }
    let result = try await preview("fact", "--seed", "count=7", "--numbers-api", "http://127.0.0.1:9").run(input: "fact\n")
    #expect(result.status == 0)
    #expect(result.output.contains("7 is the number of the preview's favourite fact."))
    #expect(result.error == "")
  }

  @Test func nothingIsKeptBetweenPreviews() async throws {
    defer { home.remove() }
    _ = try await preview("counter").run(input: "inc\ninc\n")
    let second = try await preview("counter").run(input: "inc\n")
    #expect(second.outputLines.contains("count: 1"))
  }

  @Test func aDataDirectoryKeepsThePreviewsData() async throws {
    defer { home.remove() }
    let data = home.path + "/kept"
    _ = try await preview("todos", "--data-dir", data).run(input: "add Buy milk\n")
    let app = try await AppProcess(arguments: ["--data-dir", data]).run(input: "todos\n")
    #expect(app.output.contains("1. [ ] Buy milk"))
  }

  @Test func aBadSeedExitsTwo() async throws {
    defer { home.remove() }
    let unknown = try await preview("todos", "--seed", "count=1").run(input: "")
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("--seed count: unknown for todos; it takes sort-completed"))
    let bad = try await preview("counter", "--seed", "step=0").run(input: "")
    #expect(bad.status == 2)
    #expect(bad.error.contains("expected a whole number from 1 to 1000"))
    let feature = try await preview("nope").run(input: "")
    #expect(feature.status == 2)
  }
}
