/// A terminal's screen made from what a program writes to it, so a test reads the lines a
/// person sees rather than the bytes that drew them: `columns` × `rows` cells, the rows that
/// scrolled off the top kept above them (the scrollback).
///
/// It understands what the app's terminal runtime and its line editor (libedit, `TERM=xterm`)
/// write: printable text, one column per Unicode scalar, wrapping at the right margin as xterm
/// does (the wrap waits for the next character); Return (CR), line feed (LF, scrolling at the
/// bottom row), backspace (BS), tab (HT, to the next multiple of 8) and the bell (BEL, which
/// shows nothing); and the CSI sequences cursor up, down, forward, back (`ESC[nA`, `B`, `C`,
/// `D`), to a column (`ESC[nG`), to a row and column (`ESC[r;cH`, `f`), erase in display
/// (`ESC[J`, `1J`, `2J`), erase in line (`ESC[K`, `1K`, `2K`), insert and delete characters
/// (`ESC[n@`, `ESC[nP`), insert mode on and off (`ESC[4h`, `ESC[4l`), the cursor shown and
/// hidden (`ESC[?25h`, `ESC[?25l`) and colors and styles (`ESC[…m`, which change no text).
/// Anything else is refused with ``Unsupported`` instead of guessed at: a test that meets it
/// learns that the screen it reads may not be the one a person sees.
struct VirtualTerminal {
  /// A control character or escape sequence the screen does not know.
  struct Unsupported: Error, Equatable, CustomStringConvertible {
    /// The sequence, as written.
    let sequence: String

    /// The sequence named with `ESC` for the escape character, other controls as `\u{…}`.
    var description: String {
      let shown = sequence.unicodeScalars.map { $0 == "\u{1B}" ? "ESC" : $0.escaped(asASCII: true) }.joined()
      return "the screen does not know \(shown)"
    }
  }

  /// How many characters a row holds.
  let columns: Int
  /// How many rows the screen shows below the scrollback.
  let rows: Int
  /// The rows that scrolled off the top, oldest first.
  private(set) var scrollback: [[Character]] = []
  private var grid: [[Character]]
  /// The cursor's row on the screen (0 at the top) and column (0 at the left).
  private(set) var cursor = (row: 0, column: 0)
  /// Whether the cursor is shown (`ESC[?25h`, `ESC[?25l`).
  private(set) var isCursorVisible = true
  /// Whether text is inserted at the cursor, pushing the rest of the row right (`ESC[4h`).
  private var isInserting = false
  /// Whether the cursor stands past the last column: the next character goes on the next row.
  private var wrapsNext = false
  /// The start of a sequence not yet complete, kept for the next ``write(_:)``.
  private var incomplete = ""

  /// An empty screen of `columns` × `rows`, the cursor at the top left.
  init(columns: Int = 80, rows: Int = 24) {
    self.columns = columns
    self.rows = rows
    grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen after showing `text` from the start.
  static func showing(_ text: String, columns: Int = 80, rows: Int = 24) throws(Unsupported) -> Self {
    var terminal = Self(columns: columns, rows: rows)
    try terminal.write(text)
    return terminal
  }

  /// Every line, the scrollback's then the screen's, without the blanks at their ends.
  var lines: [String] {
    (scrollback + grid).map { row in String(row[..<(row.lastIndex { $0 != " " }.map { $0 + 1 } ?? 0)]) }
  }

  /// The index in ``lines`` of the cursor's row.
  var cursorLine: Int { scrollback.count + cursor.row }

  /// Shows `text` as the terminal would. A sequence cut off at the end waits for the next
  /// write; one the screen does not know throws, what came before it shown.
  mutating func write(_ text: String) throws(Unsupported) {
    let scalars = Array((incomplete + text).unicodeScalars)
    incomplete = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "\u{1B}":
        guard index + 1 < scalars.count else {
          incomplete = String(String.UnicodeScalarView(scalars[index...]))
          return
        }
        guard scalars[index + 1] == "[" else {
          throw Unsupported(sequence: String(String.UnicodeScalarView(scalars[index...(index + 1)])))
        }
        var end = index + 2
        while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
        guard end < scalars.count else {
          incomplete = String(String.UnicodeScalarView(scalars[index...]))
          return
        }
        let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        try control(parameters, final: scalars[end])
        index = end + 1
        continue
      case "\r": moveTo(column: 0)
      case "\n": lineFeed()
      case "\u{08}": moveTo(column: cursor.column - 1)
      case "\t": moveTo(column: (cursor.column / 8 + 1) * 8)
      case "\u{07}": break
      default:
        guard scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) else {
          throw Unsupported(sequence: String(scalar))
        }
        put(Character(scalar))
      }
      index += 1
    }
  }

  // MARK: - Text

  private mutating func put(_ character: Character) {
    if wrapsNext {
      wrapsNext = false
      cursor.column = 0
      lineFeed()
    }
    if isInserting { insertBlanks(1) }
    grid[cursor.row][cursor.column] = character
    if cursor.column == columns - 1 {
      wrapsNext = true
    } else {
      cursor.column += 1
    }
  }

  private mutating func lineFeed() {
    wrapsNext = false
    if cursor.row == rows - 1 {
      scrollback.append(grid.removeFirst())
      grid.append(Array(repeating: " ", count: columns))
    } else {
      cursor.row += 1
    }
  }

  // MARK: - Control sequences

  /// Carries out `ESC[` `parameters` `final`.
  private mutating func control(_ parameters: String, final: Unicode.Scalar) throws(Unsupported) {
    let unsupported = Unsupported(sequence: "\u{1B}[" + parameters + String(final))
    if final == "m" { return }
    if parameters.hasPrefix("?") {
      switch (parameters, final) {
      case ("?25", "h"): isCursorVisible = true
      case ("?25", "l"): isCursorVisible = false
      default: throw unsupported
      }
      return
    }
    guard parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { throw unsupported }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    /// The `position`th number (from 0), `fallback` when it is left out; a count or a position
    /// of 0 counts as 1.
    func number(_ position: Int, or fallback: Int = 1) -> Int {
      guard position < numbers.count, let value = numbers[position] else { return fallback }
      return value == 0 && fallback == 1 ? 1 : value
    }
    guard numbers.count <= (final == "H" || final == "f" ? 2 : 1) else { throw unsupported }
    switch final {
    case "A": moveTo(row: cursor.row - number(0))
    case "B": moveTo(row: cursor.row + number(0))
    case "C": moveTo(column: cursor.column + number(0))
    case "D": moveTo(column: cursor.column - number(0))
    case "G": moveTo(column: number(0) - 1)
    case "H", "f":
      moveTo(row: number(0) - 1)
      moveTo(column: number(1) - 1)
    case "J":
      switch number(0, or: 0) {
      case 0: erase(rows: (cursor.row + 1)..<rows, andInRow: cursor.column..<columns)
      case 1: erase(rows: 0..<cursor.row, andInRow: 0..<(cursor.column + 1))
      case 2: erase(rows: 0..<rows, andInRow: 0..<0)
      default: throw unsupported
      }
    case "K":
      switch number(0, or: 0) {
      case 0: erase(rows: 0..<0, andInRow: cursor.column..<columns)
      case 1: erase(rows: 0..<0, andInRow: 0..<(cursor.column + 1))
      case 2: erase(rows: 0..<0, andInRow: 0..<columns)
      default: throw unsupported
      }
    case "@": insertBlanks(number(0))
    case "P": deleteCharacters(number(0))
    case "h", "l":
      guard parameters == "4" else { throw unsupported }
      isInserting = final == "h"
    default: throw unsupported
    }
  }

  private mutating func moveTo(row: Int) {
    wrapsNext = false
    cursor.row = min(max(row, 0), rows - 1)
  }

  private mutating func moveTo(column: Int) {
    wrapsNext = false
    cursor.column = min(max(column, 0), columns - 1)
  }

  /// Blanks whole `rows`, and `inRow`'s columns of the cursor's row.
  private mutating func erase(rows erased: Range<Int>, andInRow columnsErased: Range<Int>) {
    wrapsNext = false
    for row in erased { grid[row] = Array(repeating: " ", count: columns) }
    for column in columnsErased.clamped(to: 0..<columns) { grid[cursor.row][column] = " " }
  }

  /// Pushes the cursor's character and those after it `count` columns right, blanks in their
  /// place; what passes the right margin is lost.
  private mutating func insertBlanks(_ count: Int) {
    var row = grid[cursor.row]
    row.insert(contentsOf: Array(repeating: " ", count: min(count, columns)), at: cursor.column)
    grid[cursor.row] = Array(row.prefix(columns))
  }

  /// Removes `count` characters from the cursor on, pulling the rest of the row left, blanks
  /// coming in at the right margin.
  private mutating func deleteCharacters(_ count: Int) {
    var row = grid[cursor.row]
    row.removeSubrange(cursor.column..<min(cursor.column + count, columns))
    grid[cursor.row] = row + Array(repeating: " ", count: columns - row.count)
  }
}
