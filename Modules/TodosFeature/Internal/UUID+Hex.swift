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

  /// The sixteen bytes `characters` spell, written straight into the UUID's storage.
  private static func parse(_ characters: UnsafeBufferPointer<UInt8>) -> uuid_t? {
    guard characters.count == 36 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let isParsed = withUnsafeMutableBytes(of: &uuid) { bytes in
      var index = 0
      for byte in 0..<16 {
        if index == 8 || index == 13 || index == 18 || index == 23 {
          guard characters[index] == UInt8(ascii: "-") else { return false }
          index += 1
        }
        guard let high = hexValue(characters[index]), let low = hexValue(characters[index + 1]) else { return false }
        bytes[byte] = high << 4 | low
        index += 2
      }
      return true
    }
    return isParsed ? uuid : nil
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
