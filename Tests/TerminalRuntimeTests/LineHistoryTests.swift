import Foundation
import Testing
@testable import TerminalRuntime

struct LineHistoryTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("line-history-\(UUID().uuidString)", isDirectory: true)

  @Test func aLineIsAddedUnlessBlankOrTheSameAsTheNewest() {
    var lines: [String] = []
    for line in ["inc", "inc", "  ", "", "dec", "inc"] {
      lines = LineHistory.appending(line, to: lines, limit: 10)
    }
    #expect(lines == ["inc", "dec", "inc"])
  }

  @Test func onlyTheNewestLinesAreKept() {
    var lines: [String] = []
    for number in 1...5 {
      lines = LineHistory.appending("add \(number)", to: lines, limit: 3)
    }
    #expect(lines == ["add 3", "add 4", "add 5"])
  }

  @Test func savedLinesLoadBackFromAPrivateFileAndNoTemporaryFileIsLeft() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let history = LineHistory(file: directory.appendingPathComponent("history"), limit: 2)
    try history.save(["inc", "add Buy milk", "dec"])
    #expect(history.load() == ["add Buy milk", "dec"])
    let attributes = try FileManager.default.attributesOfItem(atPath: history.file.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
  }

  @Test func aMissingFileIsAnEmptyHistory() {
    #expect(LineHistory(file: directory.appendingPathComponent("history")).load().isEmpty)
  }

  @Test func aFailedSaveThrowsAndLeavesNoTemporaryFile() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // NB: The name is taken by a directory with something in it: the rename fails, even as root.
    let file = directory.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    try Data("kept".utf8).write(to: file.appendingPathComponent("inside"))
    #expect(throws: (any Error).self) { try LineHistory(file: file).save(["inc"]) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.path) == ["inside"])
  }

  @Test func anOverlongOrRepeatedFileLoadsWithinTheRules() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("history")
    try Data("a\na\nb\n\nc\n".utf8).write(to: file)
    #expect(LineHistory(file: file, limit: 2).load() == ["b", "c"])
  }
}
