import Foundation
import Sessions
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Reading a session file: what a killed run leaves, and every way a file can be no session.
@Suite struct SessionFileTests {
  static let header = #"{"session":1,"feature":"app","interactive":false}"#

  func read(_ text: String) throws(SessionFileError) -> SessionFile {
    try SessionFile(data: Data(text.utf8), name: "bug.session")
  }

  func message(_ text: String) -> String? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aCompleteRunEndsInItsExit() throws {
    let session = try read(Self.header + "\n" + #"{"line":"inc"}"# + "\n" + #"{"exit":0}"# + "\n")
    #expect(session.header == SessionHeader(feature: "app", isInteractive: false))
    #expect(session.events == [.line("inc"), .exit(status: 0)])
    #expect(!session.isCutShort)
    #expect(session.lastLine == 3)
  }

  @Test func aTornLastLineIsLeftOutAndTheRunIsCutShort() throws {
    let text = Self.header + "\n" + #"{"line":"inc"}"# + "\n"
      + #"{"action":"AppFeature.Action.counter(.incrementButtonTapped)","from":"line"}"# + "\n" + #"{"outp"#
    let session = try read(text)
    #expect(session.events == [.line("inc"), .action("AppFeature.Action.counter(.incrementButtonTapped)", from: .line)])
    #expect(session.isCutShort)
    #expect(session.lastLine == 3)
  }

  @Test func aRunKilledBetweenEventsIsCutShortToo() throws {
    let session = try read(Self.header + "\n" + #"{"line":"inc"}"# + "\n")
    #expect(session.events == [.line("inc")])
    #expect(session.isCutShort)
    #expect(session.lastLine == 2)
  }

  @Test func anExitFollowedByATornLineIsCutShort() throws {
    let session = try read(Self.header + "\n" + #"{"exit":0}"# + "\n" + #"{"li"#)
    #expect(session.events == [.exit(status: 0)])
    #expect(session.isCutShort)
  }

  @Test func theHeaderKeepsItsArguments() throws {
    let header = SessionHeader(feature: "todos", isInteractive: true, arguments: ["--todos", "3"])
    let session = try read(header.jsonLine + "\n" + #"{"exit":0}"# + "\n")
    #expect(session.header == header)
    #expect(header.jsonLine == #"{"session":1,"feature":"todos","interactive":true,"arguments":["--todos","3"]}"#)
  }

  @Test func anEmptyFileSaysSo() {
    #expect(message("") == "bug.session: the file is empty; a session file starts with a header line")
  }

  @Test(arguments: [
    "hello, world\nthis is not a session\n",
    "[1, 2, 3]\n",
    #"{"feature":"app","interactive":false}"# + "\n",
    #"{"session":"1","feature":"app","interactive":false}"# + "\n",
    "\n" + header + "\n",
    "plain text without a line break",
    "\u{FF}\u{FE}binary\u{0}\n",
  ])
  func aFileThatIsNoSessionSaysSo(text: String) {
    #expect(message(text) == #"bug.session: not a session file: its first line is not a session header ({"session":1,…})"#)
  }

  @Test(arguments: [#"{"session":1,"feature":"ap"#, #"{"session":1,"feature":"app","interactive":false}"#])
  func aRunKilledWhileWritingItsHeaderLeftNothingToReplay(text: String) {
    #expect(message(text) == "bug.session: the run was cut short before its header was written; there is nothing to replay")
  }

  @Test func aJSONObjectWithoutALineBreakIsNoSession() {
    #expect(message(#"{"name":"config"}"#) == #"bug.session: not a session file: its first line is not a session header ({"session":1,…})"#)
  }

  @Test func anotherFormatVersionNamesBothVersions() {
    #expect(
      message(#"{"session":2,"feature":"app","interactive":false}"# + "\n" + #"{"exit":0}"# + "\n")
        == "bug.session: session format version 2; this app replays version 1"
    )
  }

  @Test func aVersionThatIsNoWholeNumberIsCorrupt() {
    #expect(
      message(#"{"session":1.5,"feature":"app","interactive":false}"# + "\n")
        == "bug.session: line 1 is corrupt: its format version 1.5 is not a whole number"
    )
  }

  @Test func aHeaderWithoutItsFeatureIsCorrupt() {
    #expect(message(#"{"session":1}"# + "\n") == "bug.session: line 1 is corrupt: its header names no feature")
    #expect(
      message(#"{"session":1,"feature":"app","interactive":false,"arguments":[1]}"# + "\n")
        == "bug.session: line 1 is corrupt: its arguments are not a list of strings"
    )
  }

  @Test func aCorruptLineInTheMiddleIsNamedByNumber() {
    let text = Self.header + "\n" + #"{"line":"inc"}"# + "\n" + "{ not json\n" + #"{"exit":0}"# + "\n"
    #expect(message(text) == "bug.session: line 3 is corrupt: it is not a JSON object")
    let array = Self.header + "\n" + #"["line","inc"]"# + "\n" + #"{"exit":0}"# + "\n"
    #expect(message(array) == "bug.session: line 2 is corrupt: it is not a JSON object")
  }

  @Test(arguments: [
    #"{"frobnicate":1}"#,
    #"{"line":5}"#,
    #"{"action":"X.Action.y","from":"nowhere"}"#,
    #"{"answer":"uuid","call":"one","value":"x"}"#,
    #"{"answer":"uuid","call":1}"#,
    #"{"exit":1.5}"#,
    #"{"exit":99999999999}"#,
    #"{"file":"todos.json","base64":"not base64!"}"#,
  ])
  func anEventOfNoKnownKindIsCorrupt(line: String) {
    let text = Self.header + "\n" + #"{"line":"inc"}"# + "\n" + line + "\n" + #"{"exit":0}"# + "\n"
    #expect(message(text) == "bug.session: line 3 is corrupt: it is no event this app knows")
  }

  @Test func aDeeplyNestedLineIsCorruptAndCrashesNothing() {
    let nested = #"{"line":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    let text = Self.header + "\n" + nested + "\n" + #"{"exit":0}"# + "\n"
    #expect(message(text)?.hasPrefix("bug.session: line 2 is corrupt: ") == true)
  }

  @Test func anEnormousFileIsNotRead() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("huge.session")
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data((Self.header + "\n").utf8)))
    // NB: A sparse file: its size is set, none of its blocks are written.
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(SessionFile.maximumSize + 1))
    try handle.close()
    #expect(throws: SessionFileError("huge.session", .tooLarge(size: SessionFile.maximumSize + 1))) {
      try SessionFile(contentsOf: url)
    }
    #expect(
      SessionFileError("huge.session", .tooLarge(size: SessionFile.maximumSize + 1)).description
        == "huge.session: the file is 257 MB; sessions up to 256 MB are replayed"
    )
  }

  @Test func aDirectoryIsNoSessionFile() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("sessions")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    #expect(throws: SessionFileError("sessions", .isDirectory)) { try SessionFile(contentsOf: url) }
    #expect(SessionFileError("sessions", .isDirectory).description == "sessions: is a directory, not a session file")
  }

  @Test func aMissingFileCannotBeRead() throws {
    let directory = try TemporaryDirectory()
    do {
      _ = try SessionFile(contentsOf: directory.file("gone.session"))
      Issue.record("a missing file was read")
    } catch {
      guard case .unreadable(let reason) = error.reason else {
        Issue.record("\(error)")
        return
      }
      #expect(error.description == "gone.session: cannot be read: \(reason)")
      #expect(!reason.isEmpty)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func anUnreadableFileSaysWhy() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("locked.session")
    try Data((Self.header + "\n" + #"{"exit":0}"# + "\n").utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
    defer { _ = try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
    do {
      _ = try SessionFile(contentsOf: url)
      Issue.record("an unreadable file was read")
    } catch {
      guard case .unreadable(let reason) = error.reason else {
        Issue.record("\(error)")
        return
      }
      #expect(error.description == "locked.session: cannot be read: \(reason)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func aFileReadFromDiskIsNamedByItsName() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("run.session")
    try Data((Self.header + "\n" + #"{"line":"inc"}"# + "\n" + #"{"exit":0}"# + "\n").utf8).write(to: url)
    let session = try SessionFile(contentsOf: url)
    #expect(session.name == "run.session")
    #expect(session.events == [.line("inc"), .exit(status: 0)])
    #expect(session.text == Self.header + "\n" + #"{"line":"inc"}"# + "\n" + #"{"exit":0}"# + "\n")
  }
}
