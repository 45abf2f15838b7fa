import Foundation

extension UUID {
  /// The UUID a canonical string spells (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case),
  /// read digit by digit; `nil` for any other string, or one not stored contiguously.
  ///
  /// NB: Foundation's `UUID(uuidString:)` parses with `sscanf` on Linux: a tenth of the app's
  ///     start at 100,000 todos. A string this does not read is still handed to it.
  init?(hexString string: String) {
    let parsed = string.utf8.withContiguousStorageIfAvailable(Self.parse) ?? nil
    guard let parsed else { return nil }
    self.init(uuid: parsed)
  }

  private static func parse(_ characters: UnsafeBufferPointer<UInt8>) -> uuid_t? {
    guard characters.count == 36 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 16)
    var index = 0
    for byte in 0..<16 {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard characters[index] == UInt8(ascii: "-") else { return nil }
        index += 1
      }
      guard let high = hexValue(characters[index]), let low = hexValue(characters[index + 1]) else { return nil }
      bytes[byte] = high << 4 | low
      index += 2
    }
    return (
      bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
      bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
    )
  }

  private static func hexValue(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
