import Testing
@testable import TerminalRuntime

struct TerminalInputDecoderTests {
  @Test func aCharacterSplitAcrossReadsWaitsForItsLastByte() {
    var decoder = TerminalInputDecoder()
    let bytes = Array("é!".utf8)
    decoder.append(bytes.prefix(1))
    #expect(decoder.next() == nil)
    decoder.append(bytes.dropFirst())
    #expect(decoder.next() == "é")
    #expect(decoder.next() == "!")
    #expect(decoder.next() == nil)
  }

  @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
    var decoder = TerminalInputDecoder()
    decoder.append([0xFF, UInt8(ascii: "a"), 0xE2, UInt8(ascii: "b"), UInt8(ascii: "c")])
    #expect(decoder.next() == "\u{FFFD}")
    #expect(decoder.next() == "a")
    #expect(decoder.next() == "\u{FFFD}")
    #expect(decoder.next() == "b")
    #expect(decoder.next() == "c")
  }
}
