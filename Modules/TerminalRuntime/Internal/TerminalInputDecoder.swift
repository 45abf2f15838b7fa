/// Turns the bytes a terminal sends into Unicode scalars as they arrive: a character split
/// across two reads waits for its last byte; a byte that cannot start or continue UTF-8 becomes
/// U+FFFD.
struct TerminalInputDecoder {
  private var pending: [UInt8] = []

  /// Adds bytes read from the terminal.
  mutating func append(_ bytes: some Collection<UInt8>) {
    pending.append(contentsOf: bytes)
  }

  /// The next complete scalar, or `nil` until more bytes arrive.
  mutating func next() -> Unicode.Scalar? {
    guard let lead = pending.first else { return nil }
    let length: Int
    switch lead {
    case 0..<0x80: length = 1
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default:
      pending.removeFirst()
      return "\u{FFFD}"
    }
    guard pending.count >= length else { return nil }
    let bytes = pending.prefix(length)
    if let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
      pending.removeFirst(length)
      return scalar
    }
    pending.removeFirst()
    return "\u{FFFD}"
  }
}
