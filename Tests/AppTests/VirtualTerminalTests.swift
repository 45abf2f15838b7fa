import Testing

/// The screen model that typed transcripts are read through shows what a terminal would for
/// each character and sequence it knows, and refuses the rest.
struct VirtualTerminalTests {
  /// The lines `text` leaves on a screen of 10 × 3, and the cursor's line and column.
  private func show(_ text: String) throws -> (lines: [String], line: Int, column: Int) {
    let terminal = try VirtualTerminal.showing(text, columns: 10, rows: 3)
    return (terminal.lines, terminal.cursorLine, terminal.cursor.column)
  }

  @Test func textIsWrittenAtTheCursorAndReturnAndLineFeedMoveIt() throws {
    let shown = try show("abc\r\nde\rX")
    #expect(shown.lines == ["abc", "Xe", ""])
    #expect((shown.line, shown.column) == (1, 1))
  }

  @Test func aLineFeedKeepsTheColumn() throws {
    #expect(try show("ab\ncd").lines == ["ab", "  cd", ""])
  }

  @Test func rowsScrolledOffTheTopAreKeptAboveTheScreen() throws {
    let shown = try show("1\r\n2\r\n3\r\n4\r\n5")
    #expect(shown.lines == ["1", "2", "3", "4", "5"])
    #expect(shown.line == 4)
  }

  @Test func textWrapsAtTheRightMarginOnlyWhenTheNextCharacterComes() throws {
    let full = try show("0123456789")
    #expect(full.lines == ["0123456789", "", ""])
    #expect((full.line, full.column) == (0, 9))
    #expect(try show("0123456789a").lines == ["0123456789", "a", ""])
    #expect(try show("0123456789\r\na").lines == ["0123456789", "a", ""])
  }

  @Test func backspaceMovesLeftWithoutErasing() throws {
    let shown = try show("abc\u{08}\u{08}X\u{08}\u{08}\u{08}\u{08}Y")
    #expect(shown.lines == ["YXc", "", ""])
    #expect(shown.column == 1)
  }

  @Test func tabMovesToTheNextStopOfEight() throws {
    #expect(try show("a\tb").lines == ["a       b", "", ""])
    #expect(try show("a\t\tb").lines == ["a        b", "", ""])
  }

  @Test func theBellShowsNothing() throws {
    #expect(try show("a\u{07}b").lines == ["ab", "", ""])
  }

  @Test func cursorUpDownForwardAndBackMoveByTheirCountWithinTheScreen() throws {
    #expect(try show("a\r\nb\u{1B}[AX").lines == ["aX", "b", ""])
    #expect(try show("a\u{1B}[2BX").lines == ["a", "", " X"])
    #expect(try show("a\u{1B}[9BX").lines == ["a", "", " X"])
    #expect(try show("a\u{1B}[3CX").lines == ["a   X", "", ""])
    #expect(try show("abcd\u{1B}[2DX").lines == ["abXd", "", ""])
    #expect(try show("ab\u{1B}[DX\u{1B}[0DY").lines == ["aY", "", ""])
    #expect(try show("a\u{1B}[20CX").lines == ["a        X", "", ""])
  }

  @Test func theCursorGoesToAColumnOrToARowAndColumn() throws {
    #expect(try show("abcdef\u{1B}[3GX").lines == ["abXdef", "", ""])
    #expect(try show("abc\u{1B}[GX").lines == ["Xbc", "", ""])
    #expect(try show("abc\r\ndef\u{1B}[1;2HX").lines == ["aXc", "def", ""])
    #expect(try show("abc\r\ndef\u{1B}[HX").lines == ["Xbc", "def", ""])
    #expect(try show("abc\u{1B}[3;3fX").lines == ["abc", "", "  X"])
  }

  @Test func eraseInDisplayBlanksBelowAboveOrAll() throws {
    let text = "abc\r\ndef\r\nghi\u{1B}[A\u{08}\u{08}"
    #expect(try show(text + "\u{1B}[J").lines == ["abc", "d", ""])
    #expect(try show(text + "\u{1B}[0J").lines == ["abc", "d", ""])
    #expect(try show(text + "\u{1B}[1J").lines == ["", "  f", "ghi"])
    let all = try show(text + "\u{1B}[2J")
    #expect(all.lines == ["", "", ""])
    #expect((all.line, all.column) == (1, 1))
  }

  @Test func eraseInLineBlanksToTheEndTheStartOrAll() throws {
    #expect(try show("abcd\u{08}\u{08}\u{1B}[K").lines == ["ab", "", ""])
    #expect(try show("abcd\u{08}\u{08}\u{1B}[1K").lines == ["   d", "", ""])
    #expect(try show("abcd\u{08}\u{08}\u{1B}[2K").lines == ["", "", ""])
    #expect(try show("ab\r\ncd\u{1B}[K").lines == ["ab", "cd", ""])
  }

  @Test func charactersAreInsertedAndDeletedAtTheCursor() throws {
    #expect(try show("abcd\r\u{1B}[C\u{1B}[2@").lines == ["a  bcd", "", ""])
    #expect(try show("abcdefghij\r\u{1B}[3@").lines == ["   abcdefg", "", ""])
    #expect(try show("abcd\r\u{1B}[C\u{1B}[P").lines == ["acd", "", ""])
    #expect(try show("abcd\r\u{1B}[2P").lines == ["cd", "", ""])
  }

  @Test func insertModePushesTheRestOfTheRowRight() throws {
    #expect(try show("abc\r\u{1B}[4hXY\u{1B}[4lZ").lines == ["XYZbc", "", ""])
  }

  @Test func colorsAndTheCursorsVisibilityChangeNoText() throws {
    #expect(try show("\u{1B}[1;32mok\u{1B}[0m \u{1B}[mdone").lines == ["ok done", "", ""])
    var terminal = VirtualTerminal(columns: 10, rows: 3)
    try terminal.write("\u{1B}[?25l")
    #expect(!terminal.isCursorVisible)
    try terminal.write("a\u{1B}[?25h")
    #expect(terminal.isCursorVisible)
    #expect(terminal.lines == ["a", "", ""])
  }

  @Test func aSequenceCutOffAtTheEndOfAWriteIsFinishedByTheNext() throws {
    var terminal = VirtualTerminal(columns: 10, rows: 3)
    try terminal.write("abc\u{1B}")
    try terminal.write("[2")
    #expect(terminal.lines == ["abc", "", ""])
    try terminal.write("DX")
    #expect(terminal.lines == ["aXc", "", ""])
  }

  @Test(arguments: [
    "\u{1B}[?2004h", "\u{1B}[3J", "\u{1B}[5K", "\u{1B}[1;2A", "\u{1B}[2S", "\u{1B}[>c", "\u{1B}[20h",
    "\u{1B}7", "\u{1B}]0;title\u{07}", "\u{1B}=", "\u{0E}", "\u{7F}", "\u{9B}",
  ])
  func aSequenceTheScreenDoesNotKnowIsRefusedNotGuessed(_ sequence: String) {
    #expect(throws: VirtualTerminal.Unsupported.self) { try VirtualTerminal.showing("ok" + sequence + "more") }
  }

  @Test func theRefusalNamesTheSequence() {
    #expect(VirtualTerminal.Unsupported(sequence: "\u{1B}[?2004h").description == "the screen does not know ESC[?2004h")
    #expect(VirtualTerminal.Unsupported(sequence: "\u{0E}").description == #"the screen does not know \u{0E}"#)
  }
}
