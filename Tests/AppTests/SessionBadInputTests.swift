import Foundation
import TemporaryFiles
import Testing

/// End to end: `app replay` of session files that are untrusted input. A run cut short replays
/// what it holds and says where it stops; anything else that cannot be replayed is one line on
/// standard error and exit status 2, nothing on standard output, the file and the user's data
/// untouched.
@Suite(.serialized)
struct SessionBadInputTests {
  let directory: TemporaryDirectory
  let home: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    home = try TemporaryDirectory()
  }

  /// Records the app running `input`, piped, into `name`; returns the file's lines, each with
  /// its line break.
  func record(_ input: String, to name: String = "run.session") async throws -> [String] {
    let url = directory.file(name)
    let result = try await AppProcess(
      arguments: ["--data-dir", directory.file("data").path, "--record", url.path]
    ).run(input: input)
    #expect(result.status == 0)
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
  }

  /// Replays the file `name`, with `HOME` and `XDG_DATA_HOME` in a fresh directory; checks that
  /// the file is as it was and nothing was written to the user's data.
  func replay(_ name: String) async throws -> AppProcess.Result {
    let url = directory.file(name)
    let before = try? Data(contentsOf: url)
    var process = AppProcess(arguments: ["replay", url.path])
    process.environment["HOME"] = home.path
    process.environment["XDG_DATA_HOME"] = home.path + "/data"
    let result = try await process.run(input: "")
    #expect((try? Data(contentsOf: url)) == before)
    #expect(try home.names().isEmpty)
    return result
  }

  /// Replays `name`, which must be refused with `message`.
  func expectRefused(_ name: String, saying message: String) async throws {
    let result = try await replay(name)
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.error == message + "\n")
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: directory.file(name))
  }

  static let script = "inc\nadd milk\nfrobnicate\ndone 1\ninc\nquit\n"

  @Test func aRecordedRunReplaysIdentically() async throws {
    let lines = try await record(Self.script)
    let actions = lines.filter { $0.hasPrefix(#"{"action""#) }.count
    let result = try await replay("run.session")
    #expect(result.status == 0)
    #expect(result.output == "replayed 6 lines, \(actions) actions: identical\n")
    #expect(result.error == "")
  }

  @Test func aRunWhoseLastLineIsTornReplaysWhatItHoldsAndSaysWhereItStops() async throws {
    let lines = try await record(Self.script)
    let last = try #require(lines.last)
    #expect(last == #"{"exit":0}"# + "\n")
    try write(lines.dropLast().joined() + last.prefix(5), to: "run.session")
    let actions = lines.filter { $0.hasPrefix(#"{"action""#) }.count
    let result = try await replay("run.session")
    #expect(result.status == 0)
    #expect(result.output == "replayed 6 lines, \(actions) actions: identical; the run was cut short, and its session stops after line \(lines.count - 1) of run.session\n")
    #expect(result.error == "")
  }

  @Test func aRunCutShortMidwayReplaysWhatItHolds() async throws {
    let lines = try await record(Self.script)
    // NB: Killed right after reading `done 1`, and while writing what that line did.
    let cut = try #require(lines.firstIndex(of: #"{"line":"done 1"}"# + "\n")) + 1
    try write(lines.prefix(cut).joined() + lines[cut].prefix(9), to: "run.session")
    let actions = lines.prefix(cut).filter { $0.hasPrefix(#"{"action""#) }.count
    let result = try await replay("run.session")
    #expect(result.status == 0)
    #expect(result.output == "replayed 4 lines, \(actions + 1) actions: identical; the run was cut short, and its session stops after line \(cut) of run.session\n")
    #expect(result.error == "")
  }

  @Test func aCorruptLineIsNamed() async throws {
    var lines = try await record(Self.script)
    lines[2] = "{\"action\":\"AppFeature.Act\u{0}ion\n"
    try write(lines.joined(), to: "run.session")
    try await expectRefused("run.session", saying: "run.session: line 3 is corrupt: it is not a JSON object")
  }

  @Test func anEmptyFileIsRefused() async throws {
    try write("", to: "empty.session")
    try await expectRefused("empty.session", saying: "empty.session: the file is empty; a session file starts with a header line")
  }

  @Test func aFileThatIsNoSessionIsRefused() async throws {
    try write("inc\nadd milk\n", to: "commands.txt")
    try await expectRefused("commands.txt", saying: #"commands.txt: not a session file: its first line is not a session header ({"session":1,…})"#)
  }

  @Test func anotherFormatVersionIsRefusedSayingWhich() async throws {
    try write(#"{"session":2,"feature":"app","interactive":false}"# + "\n" + #"{"exit":0}"# + "\n", to: "v2.session")
    try await expectRefused("v2.session", saying: "v2.session: session format version 2; this app replays version 1")
  }

  @Test func anotherFeatureIsRefusedNamingTheOnesThereAre() async throws {
    try write(#"{"session":1,"feature":"chess","interactive":false}"# + "\n" + #"{"exit":0}"# + "\n", to: "chess.session")
    try await expectRefused(
      "chess.session",
      saying: #"chess.session: a session of "chess", which this app does not have (it has app, counter, fact, settings, todos)"#
    )
  }

  @Test func anEnormousFileIsRefusedUnread() async throws {
    try write(#"{"session":1,"feature":"app","interactive":false}"# + "\n", to: "huge.session")
    // NB: Sparse: 300 MB long, no block of it written.
    let handle = try FileHandle(forWritingTo: directory.file("huge.session"))
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    try await expectRefused("huge.session", saying: "huge.session: the file is 300 MB; sessions up to 256 MB are replayed")
  }

  @Test func aLineNamingACommandTheAppNoLongerHasIsRefused() async throws {
    var lines = try await record(Self.script)
    let index = try #require(lines.firstIndex(of: #"{"line":"inc"}"# + "\n"))
    lines[index] = #"{"line":"frobnicate"}"# + "\n"
    try write(lines.joined(), to: "run.session")
    try await expectRefused("run.session", saying: #"run.session: event \#(index) types "frobnicate", a command this app no longer has"#)
  }

  @Test func aMissingFileOrADirectoryIsRefused() async throws {
    let missing = try await replay("gone.session")
    #expect(missing.status == 2)
    #expect(missing.output == "")
    #expect(missing.error.hasPrefix("gone.session: cannot be read: "))
    #expect(missing.error.filter { $0 == "\n" }.count == 1)
    try FileManager.default.createDirectory(at: directory.file("sessions"), withIntermediateDirectories: false)
    try await expectRefused("sessions", saying: "sessions: is a directory, not a session file")
  }
}
