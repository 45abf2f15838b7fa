import Testing
@testable import TerminalRuntime

struct LineSplitterTests {
  @Test func splitsLinesAcrossChunks() {
    var splitter = LineSplitter(maxLineLength: 16)
    #expect(splitter.append(Array("inc\nad".utf8)) == [.line("inc")])
    #expect(splitter.append(Array("d milk\r\n\n".utf8)) == [.line("add milk"), .line("")])
    #expect(splitter.append(Array("todos".utf8)) == [])
    #expect(splitter.finish() == [.line("todos")])
  }

  @Test func skipsALineThatIsTooLong() {
    var splitter = LineSplitter(maxLineLength: 1024)
    let long = [UInt8](repeating: UInt8(ascii: "a"), count: 5000) + Array("\ninc\n".utf8)
    #expect(splitter.append(long) == [.unreadable("line longer than 1 KiB ignored"), .line("inc")])
  }

  @Test func rejectsALineThatIsNotUTF8() {
    var splitter = LineSplitter(maxLineLength: 1024)
    #expect(splitter.append([0x61, 0xFF, 0xFE, 0x0A, 0x62, 0x0A]) == [
      .unreadable("line is not valid UTF-8 text, ignored"), .line("b"),
    ])
  }

  @Test func rejectsEveryMalformedSequenceAndKeepsEveryWellFormedOne() {
    var splitter = LineSplitter(maxLineLength: 1024)
    let lines: [[UInt8]] = [
      [0x61, 0xF0, 0x90, 0x80, 0x62],  // a four-byte sequence cut short: one U+FFFD, as long
      [0xED, 0xA0, 0x80],  // a surrogate, encoded
      [0xC0, 0xAF],  // an overlong "/"
      [0xEF, 0xBF, 0xBD],  // U+FFFD itself, well formed
      [0x61, 0x00, 0x62],  // a NUL inside
      Array("né 🐈".utf8),
    ]
    #expect(splitter.append(lines.flatMap { $0 + [0x0A] }) == [
      .unreadable("line is not valid UTF-8 text, ignored"),
      .unreadable("line is not valid UTF-8 text, ignored"),
      .unreadable("line is not valid UTF-8 text, ignored"),
      .line("\u{FFFD}"), .line("a\u{0}b"), .line("né 🐈"),
    ])
  }
}
